CREATE TABLE "grant_tranches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grant_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"condition" text NOT NULL,
	"due_at" date,
	"paid_at" date,
	"payment_reference" text,
	"paid_by_user_id" uuid,
	CONSTRAINT "grant_tranches_amount" CHECK ("grant_tranches"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"starts_at" date,
	"ends_at" date,
	"conditions" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"letter_language" text,
	"letter_text" text,
	"letter_hash" text,
	"letter_sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" uuid,
	"accepted_by_name" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grants_submission_id_unique" UNIQUE("submission_id"),
	CONSTRAINT "grants_amount" CHECK ("grants"."amount" >= 0),
	CONSTRAINT "grants_dates" CHECK ("grants"."starts_at" is null or "grants"."ends_at" is null or "grants"."starts_at" <= "grants"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "grant_tranches" ADD CONSTRAINT "grant_tranches_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_tranches" ADD CONSTRAINT "grant_tranches_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_submission_id_call_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grant_tranches_grant" ON "grant_tranches" USING btree ("grant_id","position");--> statement-breakpoint
CREATE INDEX "grants_call" ON "grants" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "grants_organization" ON "grants" USING btree ("organization_id");