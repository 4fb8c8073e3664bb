CREATE TABLE "safeguarding_contacts" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safeguarding_contacts_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "safeguarding_hold" text;--> statement-breakpoint
ALTER TABLE "safeguarding_contacts" ADD CONSTRAINT "safeguarding_contacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_contacts" ADD CONSTRAINT "safeguarding_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_contacts" ADD CONSTRAINT "safeguarding_contacts_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safeguarding_contacts_user_idx" ON "safeguarding_contacts" USING btree ("user_id");--> statement-breakpoint
-- Administrators who opened a team or group room for oversight were stored as participants;
-- they are OVERSIGHT members now (decision 018), so roster changes never remove them by mistake.
UPDATE "chat_room_members" m SET "reason" = 'OVERSIGHT'
FROM "chat_rooms" r, "users" u
WHERE r."id" = m."room_id" AND u."id" = m."user_id" AND r."kind" <> 'DIRECT' AND m."reason" = 'PARTICIPANT'
  AND u."role" IN ('SUPER_ADMIN', 'ATHLETIC_DIRECTOR', 'ATHLETIC_ADMINISTRATOR', 'ASSISTANT_ATHLETIC_DIRECTOR');
