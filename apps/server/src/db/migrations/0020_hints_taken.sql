CREATE TABLE "game_hints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"hint_index" integer NOT NULL,
	"cost" integer NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"given_by_user_id" uuid,
	"event_id" bigint NOT NULL,
	CONSTRAINT "game_hints_game_step_hint_key" UNIQUE("game_id","step_id","hint_index"),
	CONSTRAINT "game_hints_hint_index_check" CHECK ("game_hints"."hint_index" >= 0),
	CONSTRAINT "game_hints_cost_check" CHECK ("game_hints"."cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_events" DROP CONSTRAINT "game_events_kind_check";--> statement-breakpoint
ALTER TABLE "game_events" DROP CONSTRAINT "game_events_points_check";--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "hint_budget" integer;--> statement-breakpoint
ALTER TABLE "game_hints" ADD CONSTRAINT "game_hints_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_hints" ADD CONSTRAINT "game_hints_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_hints" ADD CONSTRAINT "game_hints_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_hints" ADD CONSTRAINT "game_hints_event_id_game_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."game_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_hint_points_check" CHECK ("game_events"."kind" <> 'hint' or "game_events"."points" <= 0);--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_kind_check" CHECK ("game_events"."kind" in ('try', 'skip', 'adjustment', 'help', 'undo', 'review', 'hint', 'wrong_try', 'photo', 'start', 'pause', 'resume', 'finish'));--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_points_check" CHECK ("game_events"."points" = 0 or "game_events"."kind" in ('try', 'skip', 'adjustment', 'help', 'undo', 'review', 'hint'));--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_hint_budget_check" CHECK ("routes"."hint_budget" >= 0);