-- Issue 14 item 1: answers saved before the impact numbers had maximums could store an SROI
-- score of Infinity (or NaN), and every read of that submission then failed. Such a score is no
-- score: it becomes NULL. The answer itself is kept; the rules ask the applicant to correct the
-- numbers before the submission can close, and the next save stores a finite score.
UPDATE "step_results" SET "score" = NULL
WHERE "score" IN ('Infinity'::float8, '-Infinity'::float8, 'NaN'::float8);
