CREATE TABLE "call_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"opening_at" timestamp with time zone NOT NULL,
	"closing_at" timestamp with time zone NOT NULL,
	"call_lock_end" timestamp with time zone,
	"call_type_id" uuid NOT NULL,
	"is_user_filter_enable" boolean DEFAULT false NOT NULL,
	"user_filter_email" text DEFAULT '' NOT NULL,
	"power_bi_report_id" text,
	"power_bi_workspace_id" text,
	"user_power_bi_report_id" text,
	"user_power_bi_workspace_id" text,
	"custom_file_id" uuid,
	"custom_file_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_type_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sort" integer NOT NULL,
	"step_type_id" uuid NOT NULL,
	"expected_answers" text,
	"sub_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_call_type_id_call_types_id_fk" FOREIGN KEY ("call_type_id") REFERENCES "public"."call_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_call_type_id_call_types_id_fk" FOREIGN KEY ("call_type_id") REFERENCES "public"."call_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_step_type_id_step_types_id_fk" FOREIGN KEY ("step_type_id") REFERENCES "public"."step_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_call_type" ON "calls" USING btree ("call_type_id");--> statement-breakpoint
CREATE INDEX "calls_closing_at" ON "calls" USING btree ("closing_at");--> statement-breakpoint
CREATE UNIQUE INDEX "step_types_name" ON "step_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "steps_call_type_sort" ON "steps" USING btree ("call_type_id","sort");