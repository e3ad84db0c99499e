-- Issue 13: keep report_impact_answers (the dashboard's narrow copy of each impact answer) in step
-- with step_results, whoever writes an answer. Only answers of miniDyi steps are copied; an answer
-- that is not a JSON object is left out (a bad document must never make a save fail: the copy is
-- best effort, the answer itself is what counts). sdg codes outside 1..17 are ignored.
CREATE OR REPLACE FUNCTION report_impact_answer_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_impact boolean;
  the_call uuid;
  doc jsonb;
BEGIN
  SELECT lower(st.name) = 'minidyi' INTO is_impact
  FROM steps s JOIN step_types st ON st.id = s.step_type_id WHERE s.id = NEW.step_id;
  IF NOT coalesce(is_impact, false) THEN
    RETURN NULL;
  END IF;
  BEGIN
    doc := NEW.content::jsonb;
  EXCEPTION WHEN others THEN
    doc := NULL;
  END;
  IF doc IS NULL OR jsonb_typeof(doc) <> 'object' THEN
    DELETE FROM report_impact_answers WHERE step_result_id = NEW.id;
    RETURN NULL;
  END IF;
  SELECT call_id INTO the_call FROM call_submissions WHERE id = NEW.call_submission_id;
  INSERT INTO report_impact_answers AS r
    (step_result_id, call_submission_id, call_id, sdgs, budget, sroi, outcomes, stakeholders)
  VALUES (
    NEW.id,
    NEW.call_submission_id,
    the_call,
    coalesce((
      SELECT array_agg(DISTINCT e::smallint)
      FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(doc->'sdg') = 'array' THEN doc->'sdg' ELSE '[]'::jsonb END) e
      WHERE e ~ '^[0-9]{1,2}$' AND e::int BETWEEN 1 AND 17
    ), '{}'),
    CASE WHEN jsonb_typeof(doc->'budget') = 'number' THEN (doc->>'budget')::float8 END,
    NEW.score,
    coalesce((
      SELECT array_agg(DISTINCT btrim(o->>'outcomeName'))
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc->'selectedOutcomes') = 'array' THEN doc->'selectedOutcomes' ELSE '[]'::jsonb END) o
      WHERE jsonb_typeof(o) = 'object' AND btrim(coalesce(o->>'outcomeName', '')) <> ''
    ), '{}'),
    coalesce((
      SELECT array_agg(DISTINCT btrim(o->>'stakeholderName'))
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc->'selectedOutcomes') = 'array' THEN doc->'selectedOutcomes' ELSE '[]'::jsonb END) o
      WHERE jsonb_typeof(o) = 'object' AND btrim(coalesce(o->>'stakeholderName', '')) <> ''
    ), '{}')
  )
  ON CONFLICT (step_result_id) DO UPDATE SET
    sdgs = excluded.sdgs, budget = excluded.budget, sroi = excluded.sroi,
    outcomes = excluded.outcomes, stakeholders = excluded.stakeholders;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_impact_answer_sync
AFTER INSERT OR UPDATE OF content, score ON step_results
FOR EACH ROW EXECUTE FUNCTION report_impact_answer_sync();
--> statement-breakpoint
-- Answers written before this migration: touching them runs the trigger once each.
UPDATE step_results SET content = content
WHERE step_id IN (SELECT s.id FROM steps s JOIN step_types st ON st.id = s.step_type_id WHERE lower(st.name) = 'minidyi');
