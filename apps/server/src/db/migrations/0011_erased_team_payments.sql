ALTER TABLE "payments" DROP CONSTRAINT "payments_registration_id_team_registrations_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "registration_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "team_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_id_team_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."team_registrations"("id") ON DELETE set null ON UPDATE no action;