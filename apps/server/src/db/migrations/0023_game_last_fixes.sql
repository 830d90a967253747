CREATE TABLE "game_last_fixes" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy_m" real,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_fixes" DROP CONSTRAINT "game_fixes_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "game_fixes" DROP CONSTRAINT "game_fixes_route_id_routes_id_fk";
--> statement-breakpoint
ALTER TABLE "game_last_fixes" ADD CONSTRAINT "game_last_fixes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_last_fixes_tenant_idx" ON "game_last_fixes" USING btree ("tenant_id");--> statement-breakpoint
-- Each game's newest fix kept so far (decision 0086): the console reads it from here now.
INSERT INTO "game_last_fixes" ("game_id", "tenant_id", "lat", "lng", "accuracy_m", "taken_at")
SELECT DISTINCT ON ("game_id") "game_id", "tenant_id", "lat", "lng", "accuracy_m", "taken_at"
FROM "game_fixes" ORDER BY "game_id", "taken_at" DESC;
