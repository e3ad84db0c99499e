CREATE TABLE "report_dashboard_cache" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"body" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_impact_answers" (
	"step_result_id" uuid PRIMARY KEY NOT NULL,
	"call_submission_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"sdgs" smallint[] DEFAULT '{}' NOT NULL,
	"budget" double precision,
	"sroi" double precision,
	"outcomes" text[] DEFAULT '{}' NOT NULL,
	"stakeholders" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_dashboard_cache" ADD CONSTRAINT "report_dashboard_cache_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_impact_answers" ADD CONSTRAINT "report_impact_answers_step_result_id_step_results_id_fk" FOREIGN KEY ("step_result_id") REFERENCES "public"."step_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_impact_answers" ADD CONSTRAINT "report_impact_answers_call_submission_id_call_submissions_id_fk" FOREIGN KEY ("call_submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_impact_answers_call" ON "report_impact_answers" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "report_impact_answers_submission" ON "report_impact_answers" USING btree ("call_submission_id");--> statement-breakpoint
CREATE INDEX "step_results_step" ON "step_results" USING btree ("step_id","id");