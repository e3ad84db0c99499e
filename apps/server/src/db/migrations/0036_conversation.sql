CREATE TABLE "submission_message_reads" (
	"call_submission_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "submission_message_reads_call_submission_id_user_id_pk" PRIMARY KEY("call_submission_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "submission_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_submission_id" uuid NOT NULL,
	"author_user_id" uuid,
	"side" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_message_reads" ADD CONSTRAINT "submission_message_reads_call_submission_id_call_submissions_id_fk" FOREIGN KEY ("call_submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_message_reads" ADD CONSTRAINT "submission_message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_messages" ADD CONSTRAINT "submission_messages_call_submission_id_call_submissions_id_fk" FOREIGN KEY ("call_submission_id") REFERENCES "public"."call_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_messages" ADD CONSTRAINT "submission_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_messages_submission" ON "submission_messages" USING btree ("call_submission_id","created_at");--> statement-breakpoint
CREATE INDEX "submission_messages_author" ON "submission_messages" USING btree ("author_user_id");