-- The applicant's call card shows a request for changes open on the organization's application
-- and its due date (decision 0048): the organization's list version moves when a request is made,
-- answered, withdrawn, moved to another date or deleted, so a page's ETag never outlives it.
CREATE OR REPLACE FUNCTION call_list_change_request_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.answered_at IS NOT DISTINCT FROM OLD.answered_at
     AND NEW.withdrawn_at IS NOT DISTINCT FROM OLD.withdrawn_at AND NEW.due_at IS NOT DISTINCT FROM OLD.due_at
     AND NEW.call_submission_id = OLD.call_submission_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM call_list_bump_organization(s.organization_id) FROM call_submissions s WHERE s.id = OLD.call_submission_id;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.call_submission_id <> OLD.call_submission_id THEN
    PERFORM call_list_bump_organization(s.organization_id) FROM call_submissions s WHERE s.id = NEW.call_submission_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER submission_change_requests_list_version AFTER INSERT OR DELETE OR UPDATE ON submission_change_requests
  FOR EACH ROW EXECUTE FUNCTION call_list_change_request_changed();
--> statement-breakpoint
CREATE TRIGGER submission_change_requests_list_version_truncate AFTER TRUNCATE ON submission_change_requests
  FOR EACH STATEMENT EXECUTE FUNCTION call_list_bump_every_organization();
