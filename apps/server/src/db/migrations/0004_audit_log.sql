CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text NOT NULL,
	"ip" text,
	"action" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"details" jsonb
);
