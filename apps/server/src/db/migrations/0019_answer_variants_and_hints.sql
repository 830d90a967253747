ALTER TABLE "steps" ADD COLUMN "hints" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "also_accept" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "steps" ADD COLUMN "relaxed_match" boolean;