ALTER TABLE "grant_reports" ADD COLUMN "actual_values" jsonb;--> statement-breakpoint
-- Reports already submitted: the values their impact-actuals step holds (the first such step, as
-- Submit reads it). An answer that does not read as JSON is left without values (its indicators
-- count as not reported) rather than stopping the migration.
DO $$
DECLARE
  report record;
BEGIN
  FOR report IN
    SELECT gr.id, sr.content
      FROM grant_reports gr
      JOIN step_results sr ON sr.call_submission_id = gr.submission_id
      JOIN steps st ON st.id = sr.step_id
      JOIN step_types t ON t.id = st.step_type_id AND t.name = 'impactActuals'
     WHERE gr.submitted_at IS NOT NULL
     ORDER BY gr.id, st.sort DESC
  LOOP
    BEGIN
      UPDATE grant_reports
         SET actual_values = (SELECT jsonb_object_agg(v->>'key', v->'value')
                                FROM jsonb_array_elements(report.content::jsonb->'values') v)
       WHERE id = report.id;
    EXCEPTION WHEN others THEN
      NULL;
    END;
  END LOOP;
END $$;
