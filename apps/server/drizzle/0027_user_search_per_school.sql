-- Searches are always one school's: a trigram index led by the organization (btree_gist lets an
-- integer column share a GiST index with trigrams) replaces the district-wide GIN index.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_org_search_trgm_idx" ON "users" USING gist ("organization_id","search_text" gist_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_trgm_idx";
