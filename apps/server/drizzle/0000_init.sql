CREATE TYPE "public"."coach_role" AS ENUM('HEAD', 'ASSISTANT');--> statement-breakpoint
CREATE TYPE "public"."season" AS ENUM('FALL', 'WINTER', 'SPRING', 'SUMMER');--> statement-breakpoint
CREATE TYPE "public"."team_gender" AS ENUM('BOYS', 'GIRLS', 'COED');--> statement-breakpoint
CREATE TYPE "public"."team_level" AS ENUM('VARSITY', 'JUNIOR_VARSITY', 'FRESHMAN', 'MIDDLE_SCHOOL', 'CLUB');--> statement-breakpoint
CREATE TYPE "public"."team_status" AS ENUM('ACTIVE', 'ARCHIVED');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('SUPER_ADMIN', 'ATHLETIC_DIRECTOR', 'ATHLETIC_ADMINISTRATOR', 'ASSISTANT_ATHLETIC_DIRECTOR', 'ATHLETE', 'COACH', 'PARENT');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('ACTIVE', 'INACTIVE', 'SUSPENDED', 'DELETED');--> statement-breakpoint
CREATE TABLE "coaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coaches_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "team_coaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"role" "coach_role" DEFAULT 'ASSISTANT' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardian_links" (
	"guardian_id" integer NOT NULL,
	"athlete_id" integer NOT NULL,
	"relationship" varchar(40) DEFAULT 'Guardian' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_links_guardian_id_athlete_id_pk" PRIMARY KEY("guardian_id","athlete_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"timezone" varchar(64) DEFAULT 'America/Chicago' NOT NULL,
	"city" varchar(120),
	"state" varchar(60),
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "organizations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"icon" varchar(64) NOT NULL,
	CONSTRAINT "sports_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"jersey_number" varchar(4),
	"position" varchar(60),
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"level" "team_level" DEFAULT 'VARSITY' NOT NULL,
	"gender" "team_gender" NOT NULL,
	"season" "season" NOT NULL,
	"school_year" varchar(9) NOT NULL,
	"status" "team_status" DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "teams_school_year_format" CHECK ("teams"."school_year" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100),
	"role" "user_role",
	"contact_number" varchar(40),
	"date_of_birth" date,
	"status" "user_status" DEFAULT 'ACTIVE' NOT NULL,
	"user_image" text,
	"organization_id" integer,
	"bio" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "coaches" ADD CONSTRAINT "coaches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_coaches" ADD CONSTRAINT "team_coaches_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_coaches" ADD CONSTRAINT "team_coaches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_coaches_coach_team_key" ON "team_coaches" USING btree ("coach_id","team_id");--> statement-breakpoint
CREATE INDEX "team_coaches_team_idx" ON "team_coaches" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "guardian_links_athlete_idx" ON "guardian_links" USING btree ("athlete_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teams_org_name_idx" ON "teams" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "teams_sport_idx" ON "teams" USING btree ("sport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_org_first_name_idx" ON "users" USING btree ("organization_id","first_name","id");--> statement-breakpoint
CREATE INDEX "users_org_last_name_idx" ON "users" USING btree ("organization_id","last_name","id");--> statement-breakpoint
CREATE INDEX "users_org_email_idx" ON "users" USING btree ("organization_id","email");--> statement-breakpoint
CREATE INDEX "users_org_created_at_idx" ON "users" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_org_role_idx" ON "users" USING btree ("organization_id","role","id");--> statement-breakpoint
CREATE INDEX "users_org_status_idx" ON "users" USING btree ("organization_id","status","id");