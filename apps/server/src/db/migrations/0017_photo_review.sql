CREATE TABLE "review_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"route_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"game_step_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"photo_url" text,
	"answer" text,
	"provisional_points" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_points" integer,
	"reason" text,
	"decided_by_user_id" uuid,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"decision_event_id" bigint,
	"claimed_by_user_id" uuid,
	"claim_expires_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_items_kind_check" CHECK ("review_items"."kind" in ('photo', 'text')),
	CONSTRAINT "review_items_status_check" CHECK ("review_items"."status" in ('pending', 'approved', 'rejected', 'scored'))
);
--> statement-breakpoint
ALTER TABLE "game_events" DROP CONSTRAINT "game_events_kind_check";--> statement-breakpoint
ALTER TABLE "game_events" DROP CONSTRAINT "game_events_points_check";--> statement-breakpoint
ALTER TABLE "user_tenant_roles" DROP CONSTRAINT "user_tenant_roles_role_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "photo_wall_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_game_step_id_game_steps_id_fk" FOREIGN KEY ("game_step_id") REFERENCES "public"."game_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_decision_event_id_game_events_id_fk" FOREIGN KEY ("decision_event_id") REFERENCES "public"."game_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_items_pending_key" ON "review_items" USING btree ("game_step_id") WHERE "review_items"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "review_items_queue_idx" ON "review_items" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "review_items_game_idx" ON "review_items" USING btree ("game_id");--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_kind_check" CHECK ("game_events"."kind" in ('try', 'skip', 'adjustment', 'help', 'undo', 'review', 'wrong_try', 'photo', 'start', 'pause', 'resume', 'finish'));--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_points_check" CHECK ("game_events"."points" = 0 or "game_events"."kind" in ('try', 'skip', 'adjustment', 'help', 'undo', 'review'));--> statement-breakpoint
ALTER TABLE "user_tenant_roles" ADD CONSTRAINT "user_tenant_roles_role_check" CHECK ("user_tenant_roles"."role" in ('tenant_admin', 'game_manager', 'judge', 'player'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('superadmin', 'tenant_admin', 'game_manager', 'judge', 'player'));