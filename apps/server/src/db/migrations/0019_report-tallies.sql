CREATE TABLE "report_tallies" (
	"call_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "report_tallies_call_id_dimension_key_pk" PRIMARY KEY("call_id","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "report_tally_deltas" (
	"call_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_tallies" ADD CONSTRAINT "report_tallies_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tally_deltas" ADD CONSTRAINT "report_tally_deltas_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_tally_deltas_call" ON "report_tally_deltas" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "report_impact_answers_call_sroi" ON "report_impact_answers" USING btree ("call_id","sroi");--> statement-breakpoint
-- Issue 13: the call dashboard reads pre-aggregated counts (report_tallies) instead of scanning a
-- call's 100,000 submissions on every request. Each figure is defined once, as "what one row
-- contributes" (the *_contributions functions below); the triggers append +1/-1 of those
-- contributions to report_tally_deltas (no row is updated in place, so concurrent submissions of
-- one call never wait for each other), and the dashboard folds the deltas in when it is read
-- (apps/server/src/modules/reports/tallies.ts). report_tallies_rebuild(call) recounts from scratch.
CREATE OR REPLACE FUNCTION report_submission_contributions(s call_submissions)
RETURNS TABLE (dimension text, key text) LANGUAGE sql STABLE AS $$
  SELECT d.dimension, d.key FROM (VALUES
    ('submissions', ''),
    ('closed', CASE WHEN s.closed THEN '' END),
    ('started', to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')),
    ('closedOn', CASE WHEN s.closed AND s.closed_at IS NOT NULL
                      THEN to_char(s.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') END),
    ('country', (SELECT o.country FROM organizations o WHERE o.id = s.organization_id))
  ) d(dimension, key)
  WHERE d.key IS NOT NULL
$$;
--> statement-breakpoint
-- One answered step of a submission: "step", and "stepClosed" when the submission is closed.
CREATE OR REPLACE FUNCTION report_step_contributions(closed boolean)
RETURNS TABLE (dimension text) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'step' UNION ALL SELECT 'stepClosed' WHERE closed
$$;
--> statement-breakpoint
-- An impact answer. The thresholds are SROI_BUCKETS (0..8, the last open) and
-- SROI_WARNING_THRESHOLD (8) of packages/domain; amounts are numeric so +x then -x is exactly 0.
CREATE OR REPLACE FUNCTION report_impact_contributions(a report_impact_answers)
RETURNS TABLE (dimension text, key text, amount numeric) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'budget', '', a.budget::numeric WHERE a.budget IS NOT NULL
  UNION ALL SELECT 'sdg', s::text, coalesce(a.budget::numeric, 0) FROM unnest(a.sdgs) s
  UNION ALL SELECT 'sroi', '', 0 WHERE a.sroi IS NOT NULL
  UNION ALL SELECT 'sroiOver', '', 0 WHERE a.sroi > 8
  UNION ALL SELECT 'sroiBucket', least(floor(a.sroi), 8)::int::text, 0 WHERE a.sroi >= 0
  UNION ALL SELECT 'outcome', o, 0 FROM unnest(a.outcomes) o
  UNION ALL SELECT 'stakeholder', k, 0 FROM unnest(a.stakeholders) k
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_tally_submission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO report_tally_deltas (call_id, dimension, key, count)
    SELECT OLD.call_id, c.dimension, c.key, -1 FROM report_submission_contributions(OLD) c;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- BEFORE DELETE: the answered steps go too. Their own rows are deleted by the cascade after
    -- this row is gone, when report_tally_step_result can no longer find the call (it skips them).
    INSERT INTO report_tally_deltas (call_id, dimension, key, count)
    SELECT OLD.call_id, c.dimension, r.step_id::text, -1
    FROM step_results r CROSS JOIN report_step_contributions(OLD.closed) c
    WHERE r.call_submission_id = OLD.id;
    RETURN OLD;
  END IF;
  INSERT INTO report_tally_deltas (call_id, dimension, key, count)
  SELECT NEW.call_id, c.dimension, c.key, 1 FROM report_submission_contributions(NEW) c;
  IF TG_OP = 'UPDATE' AND (OLD.closed, OLD.call_id) IS DISTINCT FROM (NEW.closed, NEW.call_id) THEN
    INSERT INTO report_tally_deltas (call_id, dimension, key, count)
    SELECT x.call_id, c.dimension, r.step_id::text, x.sign
    FROM step_results r
    CROSS JOIN (VALUES (OLD.call_id, OLD.closed, -1), (NEW.call_id, NEW.closed, 1)) x(call_id, closed, sign)
    CROSS JOIN report_step_contributions(x.closed) c
    WHERE r.call_submission_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_tally_submission_insert AFTER INSERT ON call_submissions
FOR EACH ROW EXECUTE FUNCTION report_tally_submission();
--> statement-breakpoint
-- Autosave touches updated_at all the time: only the columns a figure depends on fire this.
CREATE TRIGGER report_tally_submission_update AFTER UPDATE ON call_submissions
FOR EACH ROW WHEN ((OLD.call_id, OLD.organization_id, OLD.closed, OLD.closed_at, OLD.created_at)
                   IS DISTINCT FROM (NEW.call_id, NEW.organization_id, NEW.closed, NEW.closed_at, NEW.created_at))
EXECUTE FUNCTION report_tally_submission();
--> statement-breakpoint
CREATE TRIGGER report_tally_submission_delete BEFORE DELETE ON call_submissions
FOR EACH ROW EXECUTE FUNCTION report_tally_submission();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_tally_step_result() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO report_tally_deltas (call_id, dimension, key, count)
    SELECT cs.call_id, c.dimension, OLD.step_id::text, -1
    FROM call_submissions cs CROSS JOIN report_step_contributions(cs.closed) c
    WHERE cs.id = OLD.call_submission_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_tally_deltas (call_id, dimension, key, count)
    SELECT cs.call_id, c.dimension, NEW.step_id::text, 1
    FROM call_submissions cs CROSS JOIN report_step_contributions(cs.closed) c
    WHERE cs.id = NEW.call_submission_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_tally_step_result_insert AFTER INSERT ON step_results
FOR EACH ROW EXECUTE FUNCTION report_tally_step_result();
--> statement-breakpoint
CREATE TRIGGER report_tally_step_result_update AFTER UPDATE OF step_id, call_submission_id ON step_results
FOR EACH ROW WHEN ((OLD.step_id, OLD.call_submission_id) IS DISTINCT FROM (NEW.step_id, NEW.call_submission_id))
EXECUTE FUNCTION report_tally_step_result();
--> statement-breakpoint
CREATE TRIGGER report_tally_step_result_delete AFTER DELETE ON step_results
FOR EACH ROW EXECUTE FUNCTION report_tally_step_result();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_tally_impact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO report_tally_deltas (call_id, dimension, key, count, amount)
    SELECT OLD.call_id, c.dimension, c.key, -1, -c.amount FROM report_impact_contributions(OLD) c;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_tally_deltas (call_id, dimension, key, count, amount)
    SELECT NEW.call_id, c.dimension, c.key, 1, c.amount FROM report_impact_contributions(NEW) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_tally_impact_insert AFTER INSERT ON report_impact_answers
FOR EACH ROW EXECUTE FUNCTION report_tally_impact();
--> statement-breakpoint
-- Autosave rewrites the same impact answer again and again: an unchanged copy adds nothing.
CREATE TRIGGER report_tally_impact_update AFTER UPDATE ON report_impact_answers
FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
EXECUTE FUNCTION report_tally_impact();
--> statement-breakpoint
CREATE TRIGGER report_tally_impact_delete AFTER DELETE ON report_impact_answers
FOR EACH ROW EXECUTE FUNCTION report_tally_impact();
--> statement-breakpoint
-- An organization that moves country moves its submissions with it.
CREATE OR REPLACE FUNCTION report_tally_organization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_tally_deltas (call_id, dimension, key, count)
  SELECT cs.call_id, 'country', x.country, x.sign * count(*)::int
  FROM call_submissions cs
  CROSS JOIN (VALUES (OLD.country, -1), (NEW.country, 1)) x(country, sign)
  WHERE cs.organization_id = NEW.id
  GROUP BY cs.call_id, x.country, x.sign;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_tally_organization_country AFTER UPDATE OF country ON organizations
FOR EACH ROW WHEN (OLD.country IS DISTINCT FROM NEW.country)
EXECUTE FUNCTION report_tally_organization();
--> statement-breakpoint
-- Recounts one call from its rows (repair; also the backfill below). Run it when the call is quiet:
-- a change committed while it runs may be counted twice or not at all.
CREATE OR REPLACE FUNCTION report_tallies_rebuild(the_call uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_tally_deltas WHERE call_id = the_call;
  DELETE FROM report_tallies WHERE call_id = the_call;
  INSERT INTO report_tallies (call_id, dimension, key, count, amount)
  SELECT the_call, x.dimension, x.key, sum(x.n)::int, sum(x.amount)
  FROM (
    SELECT c.dimension, c.key, 1 AS n, 0::numeric AS amount
    FROM call_submissions s CROSS JOIN report_submission_contributions(s) c WHERE s.call_id = the_call
    UNION ALL
    SELECT c.dimension, r.step_id::text, 1, 0
    FROM call_submissions s JOIN step_results r ON r.call_submission_id = s.id
    CROSS JOIN report_step_contributions(s.closed) c WHERE s.call_id = the_call
    UNION ALL
    SELECT c.dimension, c.key, 1, c.amount
    FROM report_impact_answers a CROSS JOIN report_impact_contributions(a) c WHERE a.call_id = the_call
  ) x
  GROUP BY x.dimension, x.key;
$$;
--> statement-breakpoint
SELECT report_tallies_rebuild(id) FROM calls;
