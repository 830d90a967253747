CREATE TABLE "game_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"route_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"step_id" uuid,
	"kind" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"details" jsonb,
	"actor_user_id" uuid,
	"actor_email" text,
	"undoes_id" bigint,
	"action_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_events_undoes_key" UNIQUE("undoes_id"),
	CONSTRAINT "game_events_action_key" UNIQUE("tenant_id","action_id"),
	CONSTRAINT "game_events_kind_check" CHECK ("game_events"."kind" in ('try', 'skip', 'adjustment', 'help', 'undo', 'wrong_try', 'photo', 'start', 'pause', 'resume', 'finish')),
	CONSTRAINT "game_events_points_check" CHECK ("game_events"."points" = 0 or "game_events"."kind" in ('try', 'skip', 'adjustment', 'help', 'undo'))
);
--> statement-breakpoint
CREATE TABLE "route_live" (
	"route_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"stuck_after_minutes" integer DEFAULT 15 NOT NULL,
	"frozen_at" timestamp with time zone,
	"frozen_by_email" text,
	"frozen_rows" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "time_extension_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_undoes_id_game_events_id_fk" FOREIGN KEY ("undoes_id") REFERENCES "public"."game_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_live" ADD CONSTRAINT "route_live_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_live" ADD CONSTRAINT "route_live_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_events_route_idx" ON "game_events" USING btree ("tenant_id","route_id","id");--> statement-breakpoint
CREATE INDEX "game_events_game_idx" ON "game_events" USING btree ("game_id","id");--> statement-breakpoint
-- The score ledger of the games played before it (issue 31): one entry per finished step (its
-- award, 0 included), at the step's end.
INSERT INTO "game_events" ("tenant_id", "route_id", "game_id", "step_id", "kind", "points", "at")
SELECT g."tenant_id", g."route_id", g."id", gs."step_id",
  CASE WHEN gs."status" = 'ok' THEN 'try' ELSE 'skip' END, gs."points",
  coalesce(to_timestamp(gs."ended_ms" / 1000.0), g."updated_at")
FROM "game_steps" gs JOIN "games" g ON g."id" = gs."game_id"
WHERE gs."status" IN ('ok', 'skipped')
ORDER BY g."id", gs."ended_ms" NULLS LAST;
--> statement-breakpoint
-- A game whose total was not the sum of its steps gets one entry for the difference, so that
-- every total is the sum of its ledger from the start.
INSERT INTO "game_events" ("tenant_id", "route_id", "game_id", "kind", "points", "reason", "at")
SELECT g."tenant_id", g."route_id", g."id", 'adjustment',
  g."total_score" - coalesce(s."points", 0), 'Saldo all''apertura del registro dei punti', g."updated_at"
FROM "games" g
LEFT JOIN (SELECT "game_id", sum("points")::integer AS "points" FROM "game_steps"
  WHERE "status" IN ('ok', 'skipped') GROUP BY "game_id") s ON s."game_id" = g."id"
WHERE g."total_score" <> coalesce(s."points", 0);
--> statement-breakpoint
INSERT INTO "game_events" ("tenant_id", "route_id", "game_id", "kind", "at")
SELECT "tenant_id", "route_id", "id", 'finish', coalesce("finished_at", "updated_at")
FROM "games" WHERE "status" = 'completed';
