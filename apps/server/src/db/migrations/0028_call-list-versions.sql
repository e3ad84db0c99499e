CREATE TABLE "organization_list_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_versions" ADD COLUMN "moments" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_versions" ADD COLUMN "listed_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_list_versions" ADD CONSTRAINT "organization_list_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The applicant call list is read from the database on every request; its ETag is made of
-- counters the database keeps in the transaction of each change, so every instance sees a change
-- on its next request (docs/decisions/0023-call-list-as-paged-sql-with-etag.md). The change feed
-- of 0024 and 0025 is dropped: NOTIFY took a cluster-wide lock at every notifying commit, and a
-- transaction-mode pooler silenced it.
DROP TRIGGER IF EXISTS call_submissions_change_feed ON call_submissions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS call_submissions_change_feed_truncate ON call_submissions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS review_decisions_change_feed ON review_decisions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS review_decisions_change_feed_truncate ON review_decisions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS refresh_tokens_change_feed ON refresh_tokens;
--> statement-breakpoint
DROP TRIGGER IF EXISTS refresh_tokens_change_feed_truncate ON refresh_tokens;
--> statement-breakpoint
DROP TRIGGER IF EXISTS organizations_change_feed ON organizations;
--> statement-breakpoint
DROP TRIGGER IF EXISTS organizations_change_feed_truncate ON organizations;
--> statement-breakpoint
DROP TRIGGER IF EXISTS organizations_names_change_feed ON organizations;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_names_change_feed ON users;
--> statement-breakpoint
DROP FUNCTION IF EXISTS change_feed_submission();
--> statement-breakpoint
DROP FUNCTION IF EXISTS change_feed_decision();
--> statement-breakpoint
DROP FUNCTION IF EXISTS change_feed_session();
--> statement-breakpoint
DROP FUNCTION IF EXISTS change_feed_organization();
--> statement-breakpoint
DROP FUNCTION IF EXISTS change_feed_say();
--> statement-breakpoint
-- The instants at which the list of non-draft calls changes by itself: a call opens at opening_at
-- (open from then on), closes just after closing_at (closed once now > closing_at: the next
-- microsecond), and shows its decisions from call_lock_end on. Sorted, as width_bucket wants.
CREATE OR REPLACE FUNCTION call_list_moments() RETURNS timestamptz[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(m ORDER BY m), '{}') FROM (
    SELECT opening_at AS m FROM calls WHERE NOT draft
    UNION SELECT closing_at + interval '1 microsecond' FROM calls WHERE NOT draft
    UNION SELECT call_lock_end FROM calls WHERE NOT draft AND call_lock_end IS NOT NULL
  ) moments
$$;
--> statement-breakpoint
-- Replaces 0024's version (no pg_notify). The row is locked first, in a statement of its own: the
-- moments are then read after any concurrent change of the calls has committed (a snapshot taken
-- before waiting would miss it and keep its moments out of the list's ETag).
CREATE OR REPLACE FUNCTION catalogue_bump_calls() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM catalogue_versions WHERE name = 'calls' FOR UPDATE;
  UPDATE catalogue_versions
  SET version = version + 1, moments = call_list_moments(), listed_calls = (SELECT count(*) FROM calls WHERE NOT draft)
  WHERE name = 'calls';
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE catalogue_versions
SET version = version + 1, moments = call_list_moments(), listed_calls = (SELECT count(*) FROM calls WHERE NOT draft)
WHERE name = 'calls';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_list_bump_organization(organization uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO organization_list_versions (organization_id, version) VALUES (organization, 1)
  ON CONFLICT (organization_id) DO UPDATE SET version = organization_list_versions.version + 1
$$;
--> statement-breakpoint
-- What the list shows of a submission: which call, which organization, whether closed. Autosave
-- touches none of these columns and bumps nothing.
CREATE OR REPLACE FUNCTION call_list_submission_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM call_list_bump_organization(OLD.organization_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.organization_id IS DISTINCT FROM OLD.organization_id) THEN
    PERFORM call_list_bump_organization(NEW.organization_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER call_submissions_list_version AFTER INSERT OR DELETE OR UPDATE OF closed, call_id, organization_id
  ON call_submissions FOR EACH ROW EXECUTE FUNCTION call_list_submission_changed();
--> statement-breakpoint
-- A decision shows on its organization's card (once the call's lock has ended).
CREATE OR REPLACE FUNCTION call_list_decision_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.outcome IS NOT DISTINCT FROM OLD.outcome AND NEW.message IS NOT DISTINCT FROM OLD.message
     AND NEW.submission_id = OLD.submission_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM call_list_bump_organization(s.organization_id) FROM call_submissions s WHERE s.id = OLD.submission_id;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.submission_id <> OLD.submission_id THEN
    PERFORM call_list_bump_organization(s.organization_id) FROM call_submissions s WHERE s.id = NEW.submission_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_decisions_list_version AFTER INSERT OR DELETE OR UPDATE ON review_decisions
  FOR EACH ROW EXECUTE FUNCTION call_list_decision_changed();
--> statement-breakpoint
-- A TRUNCATE fires no row trigger: every organization's list may have changed.
CREATE OR REPLACE FUNCTION call_list_bump_every_organization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organization_list_versions (organization_id, version) SELECT id, 1 FROM organizations
  ON CONFLICT (organization_id) DO UPDATE SET version = organization_list_versions.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER call_submissions_list_version_truncate AFTER TRUNCATE ON call_submissions
  FOR EACH STATEMENT EXECUTE FUNCTION call_list_bump_every_organization();
--> statement-breakpoint
CREATE TRIGGER review_decisions_list_version_truncate AFTER TRUNCATE ON review_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION call_list_bump_every_organization();
--> statement-breakpoint
-- The applicant list walks the non-draft calls in closing order and stops at the end of its page,
-- from this narrow index (an index-only scan once vacuumed) instead of the wide rows.
CREATE INDEX IF NOT EXISTS calls_applicant_list ON calls (closing_at, id)
  INCLUDE (opening_at, is_user_filter_enable, user_filter_email) WHERE NOT draft;
--> statement-breakpoint
-- Its total is the non-draft calls (listed_calls) less those whose e-mail filter leaves the
-- applicant out: only these few are read on each request.
CREATE INDEX IF NOT EXISTS calls_applicant_filtered ON calls (id) INCLUDE (user_filter_email)
  WHERE NOT draft AND is_user_filter_enable;
