CREATE TABLE "limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" double precision NOT NULL,
	"at_ms" bigint NOT NULL,
	"expires_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limit_counters_expires" ON "limit_counters" USING btree ("expires_ms");