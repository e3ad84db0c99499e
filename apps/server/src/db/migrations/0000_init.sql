CREATE TABLE "configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"logo_base64" text,
	"logo_width" integer DEFAULT 50 NOT NULL,
	"logo_height" integer DEFAULT 50 NOT NULL,
	"list_name" text DEFAULT '' NOT NULL,
	"language_selection" boolean DEFAULT true NOT NULL,
	"organization_selection" boolean DEFAULT true NOT NULL,
	"report_power_bi_id" text NOT NULL,
	"workspace_power_bi_id" text NOT NULL,
	"default_language" text DEFAULT 'it' NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"data_consent_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "configs_one_active" ON "configs" USING btree ("is_active") WHERE "configs"."is_active";