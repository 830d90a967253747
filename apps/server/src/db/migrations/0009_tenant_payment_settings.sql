CREATE TABLE "tenant_payment_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"stripe_secret_key" text NOT NULL,
	"stripe_webhook_secret" text NOT NULL,
	"secret_key_hint" text NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "tenant_payment_settings_mode_check" CHECK ("tenant_payment_settings"."mode" in ('test', 'live'))
);
--> statement-breakpoint
ALTER TABLE "tenant_payment_settings" ADD CONSTRAINT "tenant_payment_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_payment_settings" ADD CONSTRAINT "tenant_payment_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;