ALTER TABLE "model_registrations" ADD COLUMN "language" text DEFAULT 'es-AR' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD CONSTRAINT "model_registrations_language_check" CHECK ("model_registrations"."language" in ('es-AR', 'en'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" is null or "users"."language" in ('es-AR', 'en'));