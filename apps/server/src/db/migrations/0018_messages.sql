CREATE TABLE "message_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_deliveries" (
	"message_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"received_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "message_deliveries_message_id_team_id_pk" PRIMARY KEY("message_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author" text NOT NULL,
	"author_user_id" uuid,
	"author_email" text,
	"audience" text,
	"route_id" uuid,
	"team_id" uuid,
	"body" text NOT NULL,
	"read_confirmation" boolean DEFAULT false NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"seq" bigint,
	"cancelled_at" timestamp with time zone,
	"staff_read_at" timestamp with time zone,
	"action_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('announcement', 'thread')),
	CONSTRAINT "messages_author_check" CHECK ("messages"."author" in ('staff', 'team')),
	CONSTRAINT "messages_audience_check" CHECK (("messages"."kind" = 'thread' and "messages"."audience" is null and "messages"."team_id" is not null)
        or ("messages"."kind" = 'announcement' and "messages"."author" = 'staff' and (
          ("messages"."audience" = 'tenant')
          or ("messages"."audience" = 'route' and "messages"."route_id" is not null)
          or ("messages"."audience" = 'team' and "messages"."team_id" is not null)))),
	CONSTRAINT "messages_sent_check" CHECK (("messages"."sent_at" is null) = ("messages"."seq" is null))
);
--> statement-breakpoint
ALTER TABLE "message_counters" ADD CONSTRAINT "message_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_team_id_team_registrations_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_team_id_team_registrations_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_deliveries_feed_idx" ON "message_deliveries" USING btree ("tenant_id","team_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_tenant_seq_key" ON "messages" USING btree ("tenant_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_tenant_action_key" ON "messages" USING btree ("tenant_id","action_id");--> statement-breakpoint
CREATE INDEX "messages_tenant_created_idx" ON "messages" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("tenant_id","team_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("send_at") WHERE "messages"."sent_at" is null and "messages"."cancelled_at" is null;