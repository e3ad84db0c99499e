CREATE TABLE "call_screeners" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"rules" jsonb NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_screenings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"answers" jsonb NOT NULL,
	"eligible" boolean NOT NULL,
	"reasons" jsonb NOT NULL,
	"screener_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_screeners" ADD CONSTRAINT "call_screeners_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_screenings" ADD CONSTRAINT "call_screenings_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_screenings" ADD CONSTRAINT "call_screenings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_screenings" ADD CONSTRAINT "call_screenings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_screenings_latest" ON "call_screenings" USING btree ("call_id","organization_id","created_at");--> statement-breakpoint
CREATE INDEX "call_screenings_organization" ON "call_screenings" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "call_screenings_user" ON "call_screenings" USING btree ("user_id");