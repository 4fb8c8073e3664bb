ALTER TABLE "organizations" ADD COLUMN "address" varchar(200);--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "postal_code" varchar(20);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "graduation_year" smallint;--> statement-breakpoint
CREATE INDEX "users_org_graduation_year_idx" ON "users" USING btree ("organization_id","graduation_year","id");