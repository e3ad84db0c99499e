CREATE TABLE "grant_report_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"due_after_months" integer,
	"due_at" date,
	"call_type_id" uuid NOT NULL,
	"form_call_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grant_report_plans_form_call_id_unique" UNIQUE("form_call_id"),
	CONSTRAINT "grant_report_plans_due" CHECK (("grant_report_plans"."due_after_months" is null) <> ("grant_report_plans"."due_at" is null)),
	CONSTRAINT "grant_report_plans_months" CHECK ("grant_report_plans"."due_after_months" is null or "grant_report_plans"."due_after_months" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "grant_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grant_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"due_at" date NOT NULL,
	"submission_id" uuid,
	"submitted_at" timestamp with time zone,
	"actual_sroi" double precision,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" uuid,
	"reminded_before_at" timestamp with time zone,
	"reminded_overdue_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grant_reports_submission_id_unique" UNIQUE("submission_id")
);
--> statement-breakpoint
ALTER TABLE "grant_tranches" ADD COLUMN "report_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "grant_report_plans" ADD CONSTRAINT "grant_report_plans_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_report_plans" ADD CONSTRAINT "grant_report_plans_call_type_id_call_types_id_fk" FOREIGN KEY ("call_type_id") REFERENCES "public"."call_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_report_plans" ADD CONSTRAINT "grant_report_plans_form_call_id_calls_id_fk" FOREIGN KEY ("form_call_id") REFERENCES "public"."calls"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_reports" ADD CONSTRAINT "grant_reports_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_reports" ADD CONSTRAINT "grant_reports_plan_id_grant_report_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."grant_report_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_reports" ADD CONSTRAINT "grant_reports_submission_id_call_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_reports" ADD CONSTRAINT "grant_reports_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grant_report_plans_call" ON "grant_report_plans" USING btree ("call_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "grant_reports_grant_plan" ON "grant_reports" USING btree ("grant_id","plan_id");--> statement-breakpoint
CREATE INDEX "grant_reports_plan" ON "grant_reports" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "grant_reports_unsent_due" ON "grant_reports" USING btree ("due_at") WHERE "grant_reports"."submitted_at" is null;--> statement-breakpoint
ALTER TABLE "grant_tranches" ADD CONSTRAINT "grant_tranches_report_plan_id_grant_report_plans_id_fk" FOREIGN KEY ("report_plan_id") REFERENCES "public"."grant_report_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_tranches" ADD CONSTRAINT "grant_tranches_report" CHECK (("grant_tranches"."condition" = 'onReportApproval') = ("grant_tranches"."report_plan_id" is not null));