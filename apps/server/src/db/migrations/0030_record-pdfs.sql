CREATE TABLE "record_pdfs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_record_id" uuid NOT NULL,
	"language" text NOT NULL,
	"view" text NOT NULL,
	"data_md5" text NOT NULL,
	"storage" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_pdfs_one_copy" UNIQUE("submission_record_id","language","view")
);
--> statement-breakpoint
ALTER TABLE "submission_records" ADD COLUMN "data_md5" text GENERATED ALWAYS AS (md5(data::text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "record_pdfs" ADD CONSTRAINT "record_pdfs_submission_record_id_submission_records_id_fk" FOREIGN KEY ("submission_record_id") REFERENCES "public"."submission_records"("id") ON DELETE cascade ON UPDATE no action;