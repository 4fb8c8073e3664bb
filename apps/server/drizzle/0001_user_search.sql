-- Name and e-mail search for the user list: case- and accent-insensitive substring match,
-- served by a trigram index on users.search_text (migration 0002). unaccent() is only STABLE, so
-- an IMMUTABLE wrapper with a fixed dictionary lets it appear in a generated column. Names are schema-qualified because
-- PostgreSQL 17+ builds indexes with search_path = pg_catalog.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fh_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fh_user_search_text(first_name text, last_name text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT pg_catalog.lower(public.fh_unaccent(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))) $$;
