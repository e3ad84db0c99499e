ALTER TABLE "grant_reports" ADD COLUMN "actual_values" jsonb;
--> statement-breakpoint
-- Reports already submitted: the values their first impact-actuals step holds, as Submit reads
-- them. An answer that does not read as JSON here (not JSON, or a note jsonb refuses) is left
-- without values, its indicators counted as not reported, rather than stopping the migration;
-- only the reading is in the guarded block, the update is not.
DO $$
DECLARE
  report record;
  answer jsonb;
BEGIN
  FOR report IN
    SELECT DISTINCT ON (gr.id) gr.id, sr.content
      FROM grant_reports gr
      JOIN step_results sr ON sr.call_submission_id = gr.submission_id
      JOIN steps st ON st.id = sr.step_id
      JOIN step_types t ON t.id = st.step_type_id AND t.name = 'impactActuals'
     WHERE gr.submitted_at IS NOT NULL
     ORDER BY gr.id, st.sort
  LOOP
    BEGIN
      answer := report.content::jsonb;
    EXCEPTION WHEN others THEN
      answer := NULL;
    END;
    IF jsonb_typeof(answer->'values') = 'array' THEN
      UPDATE grant_reports
         SET actual_values = (SELECT jsonb_object_agg(v->>'key', v->'value')
                                FROM jsonb_array_elements(answer->'values') v
                               WHERE jsonb_typeof(v) = 'object' AND v->>'key' ~ '^[0-9]+-[0-9]+$')
       WHERE id = report.id;
    END IF;
  END LOOP;
END $$;
