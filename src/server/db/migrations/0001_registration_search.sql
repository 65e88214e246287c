-- 'Name or e-mail contains' search (registrations workspace) served by a trigram index.
-- pg_trgm ships with PostgreSQL's contrib and is loaded into PGlite by the connection factory.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "model_registrations_search_trgm_idx" ON "model_registrations" USING gin ((lower("full_name" || ' ' || "email")) gin_trgm_ops);
