CREATE TYPE "public"."ack_kind" AS ENUM('ANNOUNCEMENT', 'SCHEDULE_CHANGE');--> statement-breakpoint
CREATE TYPE "public"."ack_asked_as" AS ENUM('ATHLETE', 'GUARDIAN', 'COACH');--> statement-breakpoint
ALTER TYPE "public"."chat_message_type" ADD VALUE 'ANNOUNCEMENT';--> statement-breakpoint
CREATE TABLE "ack_recipients" (
	"message_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"asked_as" "ack_asked_as" NOT NULL,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "ack_recipients_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ack_requests" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"team_id" integer,
	"kind" "ack_kind" NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_nudged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ack_recipients" ADD CONSTRAINT "ack_recipients_message_id_ack_requests_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."ack_requests"("message_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ack_recipients" ADD CONSTRAINT "ack_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ack_requests" ADD CONSTRAINT "ack_requests_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ack_requests" ADD CONSTRAINT "ack_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ack_requests" ADD CONSTRAINT "ack_requests_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ack_requests" ADD CONSTRAINT "ack_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ack_requests" ADD CONSTRAINT "ack_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ack_recipients_pending_idx" ON "ack_recipients" USING btree ("user_id","message_id") WHERE acknowledged_at is null;--> statement-breakpoint
CREATE INDEX "ack_recipients_user_idx" ON "ack_recipients" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "ack_requests_room_idx" ON "ack_requests" USING btree ("room_id","message_id");