ALTER TABLE "steps" ADD COLUMN "stage" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_records" ADD COLUMN "stage" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_submissions" ADD COLUMN "stage" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_submissions" ADD COLUMN "stage_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_submissions" ADD COLUMN "stage_closing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_submissions" ADD COLUMN "stage_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_stage" CHECK ("steps"."stage" in (1, 2));--> statement-breakpoint
ALTER TABLE "call_submissions" ADD CONSTRAINT "call_submissions_stage" CHECK ("call_submissions"."stage" = 1 or ("call_submissions"."stage" = 2 and "call_submissions"."closed" and "call_submissions"."stage_closing_at" is not null));--> statement-breakpoint
-- The applicant's card shows the stage reached, its deadline and whether it was submitted: a change
-- of these bumps the organization's list version like a closing does (its ETag, decision 0023).
DROP TRIGGER IF EXISTS call_submissions_list_version ON call_submissions;
--> statement-breakpoint
CREATE TRIGGER call_submissions_list_version AFTER INSERT OR DELETE OR UPDATE OF closed, call_id, organization_id, stage, stage_closing_at, stage_closed_at
  ON call_submissions FOR EACH ROW EXECUTE FUNCTION call_list_submission_changed();
