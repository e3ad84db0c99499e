CREATE TABLE "call_reviewers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"invited_by_user_id" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"reviewer_user_id" uuid NOT NULL,
	"assigned_by_user_id" uuid,
	"status" text DEFAULT 'assigned' NOT NULL,
	"no_conflict_at" timestamp with time zone,
	"conflict_reason" text DEFAULT '' NOT NULL,
	"scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommendation" text,
	"comment" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_decisions" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"call_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_id" uuid
);
--> statement-breakpoint
CREATE TABLE "review_rubrics" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"blind" boolean DEFAULT false NOT NULL,
	"opens_at" timestamp with time zone,
	"reviewers_per_submission" integer DEFAULT 2 NOT NULL,
	"criteria" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_reviewers" ADD CONSTRAINT "call_reviewers_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_reviewers" ADD CONSTRAINT "call_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_submission_id_call_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_submission_id_call_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_mail_id_email_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rubrics" ADD CONSTRAINT "review_rubrics_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_reviewers_call_email" ON "call_reviewers" USING btree ("call_id","email");--> statement-breakpoint
CREATE INDEX "call_reviewers_email" ON "call_reviewers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "review_assignments_submission_reviewer" ON "review_assignments" USING btree ("submission_id","reviewer_user_id");--> statement-breakpoint
CREATE INDEX "review_assignments_reviewer" ON "review_assignments" USING btree ("reviewer_user_id");--> statement-breakpoint
CREATE INDEX "review_assignments_call" ON "review_assignments" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "review_decisions_call" ON "review_decisions" USING btree ("call_id");