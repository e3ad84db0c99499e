-- Issue 16: the applicant call list is served without a database round trip when nothing it shows
-- has changed. Each server instance LISTENs on "ic_changes" (db/change-feed.ts) and forgets what
-- a notification names: "calls:<version>" when the calls change (the catalogue's counter of 0022),
-- "org:<organization id>" when an organization's submissions or their decisions change.
-- NOTIFY is delivered at commit, to every instance, and only then.
CREATE OR REPLACE FUNCTION catalogue_bump_calls() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE catalogue_versions SET version = version + 1 WHERE name = 'calls' RETURNING version INTO next_version;
  PERFORM pg_notify('ic_changes', 'calls:' || coalesce(next_version, 0));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the list shows of an organization's submission: which call, its id, whether it is closed.
-- Autosave only touches updated_at and the step results, so it notifies nothing.
CREATE OR REPLACE FUNCTION change_feed_submission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('ic_changes', 'org:' || NEW.organization_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('ic_changes', 'org:' || OLD.organization_id);
  ELSIF NEW.closed IS DISTINCT FROM OLD.closed OR NEW.call_id IS DISTINCT FROM OLD.call_id
        OR NEW.organization_id IS DISTINCT FROM OLD.organization_id THEN
    PERFORM pg_notify('ic_changes', 'org:' || OLD.organization_id);
    PERFORM pg_notify('ic_changes', 'org:' || NEW.organization_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER call_submissions_change_feed AFTER INSERT OR DELETE OR UPDATE OF closed, call_id, organization_id
  ON call_submissions FOR EACH ROW EXECUTE FUNCTION change_feed_submission();
--> statement-breakpoint
-- A decision shows on the organization's card (after the call's lock): its outcome and message.
CREATE OR REPLACE FUNCTION change_feed_decision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  submission uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.submission_id ELSE NEW.submission_id END;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.outcome IS NOT DISTINCT FROM OLD.outcome AND NEW.message IS NOT DISTINCT FROM OLD.message
     AND NEW.submission_id = OLD.submission_id THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('ic_changes', 'org:' || s.organization_id) FROM call_submissions s WHERE s.id = submission;
  IF TG_OP = 'UPDATE' AND NEW.submission_id <> OLD.submission_id THEN
    PERFORM pg_notify('ic_changes', 'org:' || s.organization_id) FROM call_submissions s WHERE s.id = OLD.submission_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_decisions_change_feed AFTER INSERT OR DELETE OR UPDATE ON review_decisions
  FOR EACH ROW EXECUTE FUNCTION change_feed_decision();
--> statement-breakpoint
-- Says the trigger's argument as it is: 'all' for a TRUNCATE (it fires no row trigger: every
-- organization at once), and the fixed payloads of later migrations.
CREATE OR REPLACE FUNCTION change_feed_say() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ic_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER call_submissions_change_feed_truncate AFTER TRUNCATE ON call_submissions
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_say('all');
--> statement-breakpoint
CREATE TRIGGER review_decisions_change_feed_truncate AFTER TRUNCATE ON review_decisions
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_say('all');
