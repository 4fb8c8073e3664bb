CREATE TYPE "public"."calendar_event_status" AS ENUM('SCHEDULED', 'POSTPONED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."calendar_event_type" AS ENUM('GAME', 'PRACTICE', 'MEETING', 'TOURNAMENT', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."calendar_home_away" AS ENUM('HOME', 'AWAY', 'NEUTRAL');--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"team_id" integer,
	"series_id" integer,
	"original_starts_at" timestamp with time zone,
	"type" "calendar_event_type" NOT NULL,
	"title" varchar(200) NOT NULL,
	"opponent" varchar(200),
	"home_away" "calendar_home_away",
	"all_day" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" varchar(300),
	"facility" varchar(200),
	"transportation" varchar(500),
	"notes" text,
	"status" "calendar_event_status" DEFAULT 'SCHEDULED' NOT NULL,
	"recurrence" jsonb,
	"recurrence_ends_at" timestamp with time zone,
	"exdates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"team_id" integer,
	"token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_series_id_calendar_events_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_org_start_idx" ON "calendar_events" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_team_idx" ON "calendar_events" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_exception_key" ON "calendar_events" USING btree ("series_id","original_starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_org_key" ON "calendar_feeds" USING btree ("organization_id") WHERE team_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_team_key" ON "calendar_feeds" USING btree ("team_id") WHERE team_id is not null;