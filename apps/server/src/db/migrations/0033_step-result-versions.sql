CREATE TABLE "step_result_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_submission_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"author_user_id" uuid,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" text NOT NULL,
	"restored_from" integer
);
--> statement-breakpoint
ALTER TABLE "step_result_versions" ADD CONSTRAINT "step_result_versions_call_submission_id_call_submissions_id_fk" FOREIGN KEY ("call_submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_result_versions" ADD CONSTRAINT "step_result_versions_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_result_versions" ADD CONSTRAINT "step_result_versions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "step_result_versions_step" ON "step_result_versions" USING btree ("call_submission_id","step_id","version");--> statement-breakpoint
CREATE INDEX "step_result_versions_author" ON "step_result_versions" USING btree ("author_user_id");