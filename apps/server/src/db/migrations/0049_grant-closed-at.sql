ALTER TABLE "grants" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- Grants closed before the day was kept: their last change is when they were closed (a closed
-- grant's terms never change again).
UPDATE "grants" SET "closed_at" = "updated_at" WHERE "status" = 'closed';
