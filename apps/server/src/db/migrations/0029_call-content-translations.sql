ALTER TABLE "calls" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;