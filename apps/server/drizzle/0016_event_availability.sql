CREATE TYPE "public"."availability_status" AS ENUM('GOING', 'MAYBE', 'NOT_GOING');--> statement-breakpoint
CREATE TABLE "event_availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"occurrence_start" timestamp with time zone,
	"athlete_id" integer NOT NULL,
	"status" "availability_status" NOT NULL,
	"note" varchar(280),
	"replied_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_availability" ADD CONSTRAINT "event_availability_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_availability" ADD CONSTRAINT "event_availability_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_availability" ADD CONSTRAINT "event_availability_replied_by_id_users_id_fk" FOREIGN KEY ("replied_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_availability_date_key" ON "event_availability" USING btree ("event_id","athlete_id","occurrence_start") WHERE occurrence_start is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_availability_whole_key" ON "event_availability" USING btree ("event_id","athlete_id") WHERE occurrence_start is null;--> statement-breakpoint
CREATE INDEX "event_availability_athlete_idx" ON "event_availability" USING btree ("athlete_id");