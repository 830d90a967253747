ALTER TABLE "games" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing games: their last known contact, not the moment of the upgrade (decision 0039).
UPDATE "games" SET "last_active_at" = greatest("created_at", coalesce("paused_at", "finished_at", "updated_at", "created_at"));
