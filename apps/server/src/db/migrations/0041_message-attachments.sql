CREATE TABLE "submission_message_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"call_submission_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_message_files" ADD CONSTRAINT "submission_message_files_message_id_submission_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."submission_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_message_files" ADD CONSTRAINT "submission_message_files_call_submission_id_call_submissions_id_fk" FOREIGN KEY ("call_submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_message_files_message" ON "submission_message_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "submission_message_files_submission" ON "submission_message_files" USING btree ("call_submission_id");