CREATE TABLE "file_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
ALTER TABLE "admin_files" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_files" ADD COLUMN "storage" text DEFAULT 'postgres' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_files" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "admin_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "storage" text DEFAULT 'postgres' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;