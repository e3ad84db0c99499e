ALTER TABLE "admin_files" ALTER COLUMN "storage_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_files" ALTER COLUMN "sha256" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "storage_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "sha256" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_files" DROP COLUMN "bytes";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "bytes";