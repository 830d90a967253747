ALTER TABLE "games" ADD COLUMN "last_progress_at" timestamp with time zone;--> statement-breakpoint
-- The games played before it: the end of their last step solved or skipped (decision 0073).
UPDATE "games" SET "last_progress_at" = "done"."ended_at"
FROM (
	SELECT "game_id", to_timestamp(max("ended_ms") / 1000.0) AS "ended_at"
	FROM "game_steps"
	WHERE "status" <> 'pending' AND "ended_ms" IS NOT NULL
	GROUP BY "game_id"
) AS "done"
WHERE "done"."game_id" = "games"."id";
