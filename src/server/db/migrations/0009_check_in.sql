ALTER TABLE "model_registrations" ADD COLUMN "attended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD CONSTRAINT "model_registrations_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_registrations_event_arrivals_idx" ON "model_registrations" USING btree ("event_id","timeslot_id","status","attended");