CREATE TABLE "step_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_submission_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "step_comments" ADD CONSTRAINT "step_comments_call_submission_id_call_submissions_id_fk" FOREIGN KEY ("call_submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_comments" ADD CONSTRAINT "step_comments_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_comments" ADD CONSTRAINT "step_comments_parent_id_step_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."step_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_comments" ADD CONSTRAINT "step_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_comments" ADD CONSTRAINT "step_comments_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_comments_submission_step" ON "step_comments" USING btree ("call_submission_id","step_id","created_at");--> statement-breakpoint
CREATE INDEX "step_comments_parent" ON "step_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "step_comments_author" ON "step_comments" USING btree ("author_user_id");