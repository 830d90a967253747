CREATE TABLE "game_fixes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_fixes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"route_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"step_id" uuid,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy_m" real,
	"taken_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_fixes_game_taken_key" UNIQUE("game_id","taken_at"),
	CONSTRAINT "game_fixes_lat_check" CHECK ("game_fixes"."lat" between -90 and 90),
	CONSTRAINT "game_fixes_lng_check" CHECK ("game_fixes"."lng" between -180 and 180),
	CONSTRAINT "game_fixes_accuracy_check" CHECK ("game_fixes"."accuracy_m" >= 0)
);
--> statement-breakpoint
CREATE TABLE "route_fix_aggregates" (
	"tenant_id" uuid NOT NULL,
	"route_id" uuid NOT NULL,
	"step_id" uuid,
	"day" date NOT NULL,
	"fixes" integer NOT NULL,
	CONSTRAINT "route_fix_aggregates_key" UNIQUE NULLS NOT DISTINCT("route_id","step_id","day"),
	CONSTRAINT "route_fix_aggregates_fixes_check" CHECK ("route_fix_aggregates"."fixes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "location_sharing" text;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "location_sharing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "location_purpose" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "location_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_fixes" ADD CONSTRAINT "game_fixes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_fixes" ADD CONSTRAINT "game_fixes_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_fixes" ADD CONSTRAINT "game_fixes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_fix_aggregates" ADD CONSTRAINT "route_fix_aggregates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_fix_aggregates" ADD CONSTRAINT "route_fix_aggregates_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_fixes_game_idx" ON "game_fixes" USING btree ("tenant_id","game_id","taken_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "game_fixes_received_idx" ON "game_fixes" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE INDEX "route_fix_aggregates_tenant_idx" ON "route_fix_aggregates" USING btree ("tenant_id");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_location_sharing_check" CHECK ("games"."location_sharing" in ('shared', 'declined', 'suspended'));--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_location_retention_days_check" CHECK ("tenants"."location_retention_days" between 0 and 90);