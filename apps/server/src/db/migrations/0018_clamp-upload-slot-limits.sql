-- Issue 14 item 9: a slot may no longer ask for more than the server's cap on one upload
-- (UPLOAD_MAX_BYTES, 50 MB = 52428800 bytes), which the server now stops reading at. Slots saved
-- before the cap are clamped to it, so their steps still validate. Content that is not a JSON
-- array of slots is left alone, row by row.
DO $$
DECLARE
  r record;
  clamped text;
BEGIN
  FOR r IN
    SELECT s.id, s.content FROM steps s JOIN step_types t ON t.id = s.step_type_id
    WHERE lower(t.name) = 'upload' AND s.content LIKE '%dimensions%'
  LOOP
    BEGIN
      SELECT jsonb_agg(
               CASE
                 WHEN jsonb_typeof(e -> 'dimensions') = 'number' AND (e ->> 'dimensions')::numeric > 52428800
                   THEN jsonb_set(e, '{dimensions}', '52428800'::jsonb)
                 ELSE e
               END ORDER BY ord)::text
        INTO clamped
        FROM jsonb_array_elements(r.content::jsonb) WITH ORDINALITY AS x(e, ord);
      IF clamped IS NOT NULL AND clamped::jsonb IS DISTINCT FROM r.content::jsonb THEN
        UPDATE steps SET content = clamped, updated_at = now() WHERE id = r.id;
      END IF;
    EXCEPTION WHEN others THEN
      NULL; -- not a JSON array: nothing to clamp
    END;
  END LOOP;
END $$;
