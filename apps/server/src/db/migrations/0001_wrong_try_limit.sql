ALTER TABLE "game_steps" ADD COLUMN "wrong_try_tokens" double precision;--> statement-breakpoint
ALTER TABLE "game_steps" ADD COLUMN "wrong_try_tokens_ms" bigint;