CREATE TABLE "submission_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_submission_id" uuid NOT NULL,
	"requested_by_user_id" uuid,
	"step_ids" uuid[] NOT NULL,
	"message" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_record_id" uuid,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by_user_id" uuid,
	CONSTRAINT "submission_change_requests_one_end" CHECK ("submission_change_requests"."answered_at" is null or "submission_change_requests"."withdrawn_at" is null)
);
--> statement-breakpoint
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
ALTER TABLE "submission_change_requests" ADD CONSTRAINT "submission_change_requests_call_submission_id_call_submissions_id_fk" FOREIGN KEY ("call_submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_change_requests" ADD CONSTRAINT "submission_change_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_change_requests" ADD CONSTRAINT "submission_change_requests_answered_record_id_submission_records_id_fk" FOREIGN KEY ("answered_record_id") REFERENCES "public"."submission_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_change_requests" ADD CONSTRAINT "submission_change_requests_withdrawn_by_user_id_users_id_fk" FOREIGN KEY ("withdrawn_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_message_files" ADD CONSTRAINT "submission_message_files_message_id_submission_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."submission_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_message_files" ADD CONSTRAINT "submission_message_files_call_submission_id_call_submissions_id_fk" FOREIGN KEY ("call_submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_change_requests_submission" ON "submission_change_requests" USING btree ("call_submission_id","created_at");--> statement-breakpoint
CREATE INDEX "submission_message_files_message" ON "submission_message_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "submission_message_files_submission" ON "submission_message_files" USING btree ("call_submission_id");