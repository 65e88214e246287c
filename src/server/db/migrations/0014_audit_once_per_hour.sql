ALTER TABLE "audit_log" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_dedupe_key_idx" ON "audit_log" USING btree ("dedupe_key");