DROP INDEX "game_fixes_game_idx";--> statement-breakpoint
DROP INDEX "steps_route_ord_idx";--> statement-breakpoint
CREATE INDEX "steps_route_ord_idx" ON "steps" USING btree ("route_id","ord","id");