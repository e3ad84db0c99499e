-- Issue 16: the session and ownership checks every request makes are answered from memory while
-- the change feed (0024) is live, so the feed also says when one of them turns:
-- "session:<family id>" when a session is revoked or its tokens deleted, "org:<id>" when an
-- organization is deleted (an organization never changes owner).
CREATE OR REPLACE FUNCTION change_feed_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('ic_changes', 'session:' || OLD.family_id);
  ELSIF NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.family_id IS DISTINCT FROM OLD.family_id THEN
    PERFORM pg_notify('ic_changes', 'session:' || OLD.family_id);
    PERFORM pg_notify('ic_changes', 'session:' || NEW.family_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_change_feed AFTER DELETE OR UPDATE OF revoked_at, family_id ON refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION change_feed_session();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_change_feed_truncate AFTER TRUNCATE ON refresh_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_say('all');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION change_feed_organization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ic_changes', 'org:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organizations_change_feed AFTER DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION change_feed_organization();
--> statement-breakpoint
CREATE TRIGGER organizations_change_feed_truncate AFTER TRUNCATE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_say('all');
--> statement-breakpoint
-- The admin search matches organization names and authors' e-mails and names: its totals, kept
-- in memory, are forgotten when any of those may have changed ("names").
CREATE TRIGGER organizations_names_change_feed AFTER UPDATE OF name ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_say('names');
--> statement-breakpoint
CREATE TRIGGER users_names_change_feed AFTER UPDATE OF email, first_name, last_name ON users
  FOR EACH STATEMENT EXECUTE FUNCTION change_feed_say('names');
