CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reg_number" text NOT NULL,
	"street_name" text NOT NULL,
	"city_name" text NOT NULL,
	"country" text NOT NULL,
	"date_of_foundation" date,
	"contact_name" text NOT NULL,
	"contact_surname" text NOT NULL,
	"contact_role" text NOT NULL,
	"contact_email" text NOT NULL,
	"personal_data" boolean NOT NULL,
	"self_certification" boolean DEFAULT false NOT NULL,
	"terms_of_service" boolean DEFAULT false NOT NULL,
	"nordic_country" boolean DEFAULT false NOT NULL,
	"pre_funding" boolean DEFAULT false NOT NULL,
	"chnage_in_life" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizations_owner" ON "organizations" USING btree ("owner_user_id");