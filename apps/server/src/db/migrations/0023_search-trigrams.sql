-- Issue 16: the admin submissions search ("part of the organization's name, the author's e-mail
-- or name", ILIKE '%…%') finds its organizations and authors through trigram indexes instead of
-- reading every organization and user. pg_trgm is a trusted extension (PostgreSQL 13+: a database
-- owner may create it); the embedded database loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_name_trgm" ON "organizations" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_full_name_trgm" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
