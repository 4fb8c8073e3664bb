CREATE TABLE "facilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"address" varchar(300),
	"capacity" integer,
	"hours" varchar(200),
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_org_name_key" ON "facilities" USING btree ("organization_id",lower("name"));--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_facility_idx" ON "calendar_events" USING btree ("facility_id");--> statement-breakpoint
-- Data: one facility per school for each distinct free-text name (case and spaces ignored, as the
-- old conflict check did), spelled as most of its events spell it; every event then points at it
-- and carries that spelling.
INSERT INTO "facilities" ("organization_id", "name")
SELECT DISTINCT ON ("organization_id", lower("name")) "organization_id", "name"
FROM (
	SELECT "organization_id", trim("facility") AS "name", count(*) AS "uses"
	FROM "calendar_events"
	WHERE trim(coalesce("facility", '')) <> ''
	GROUP BY 1, 2
) AS "spelled"
ORDER BY "organization_id", lower("name"), "uses" DESC, "name";--> statement-breakpoint
UPDATE "calendar_events" AS e SET "facility_id" = f."id", "facility" = f."name"
FROM "facilities" AS f
WHERE f."organization_id" = e."organization_id" AND lower(f."name") = lower(trim(e."facility"));
