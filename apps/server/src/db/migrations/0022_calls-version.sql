CREATE TABLE "catalogue_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Issue 16: the applicant call list is served from an in-memory copy of the calls
-- (modules/submissions/call-catalogue.ts). Every statement that changes the calls bumps this
-- counter in the same transaction, so the copy's version is compared with a committed one.
INSERT INTO "catalogue_versions" ("name", "version") VALUES ('calls', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_bump_calls() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_versions SET version = version + 1 WHERE name = 'calls';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER calls_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON calls
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump_calls();
--> statement-breakpoint
CREATE TRIGGER calls_catalogue_version_truncate AFTER TRUNCATE ON calls
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_bump_calls();
