-- Trigram indexes for USERS' search (ILIKE '%…%' on the email and both names). pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database's owner may create it without being a superuser. PGlite
-- loads it from @electric-sql/pglite/contrib/pg_trgm (db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);
