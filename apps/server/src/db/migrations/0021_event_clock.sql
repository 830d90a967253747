CREATE TABLE "route_event_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"route_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"started_by_user_id" uuid,
	"ended_by_user_id" uuid,
	CONSTRAINT "route_event_pauses_ended_check" CHECK ("route_event_pauses"."ended_at" is null or "route_event_pauses"."ended_at" >= "route_event_pauses"."started_at")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "clock_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "event_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "event_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "event_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "event_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "route_event_pauses" ADD CONSTRAINT "route_event_pauses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_event_pauses" ADD CONSTRAINT "route_event_pauses_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_event_pauses_route_idx" ON "route_event_pauses" USING btree ("tenant_id","route_id","started_at");--> statement-breakpoint
CREATE INDEX "routes_event_end_idx" ON "routes" USING btree ("event_end_at") WHERE "routes"."event_end_at" is not null and "routes"."event_closed_at" is null;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_event_times_check" CHECK ("routes"."event_end_at" > "routes"."event_start_at");