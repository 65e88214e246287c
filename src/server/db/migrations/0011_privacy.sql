CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_role" text,
	"action" text NOT NULL,
	"registration_id" uuid,
	"user_id" text,
	"event_id" uuid,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"version" integer PRIMARY KEY NOT NULL,
	"text_es" text NOT NULL,
	"text_en" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"retention_months" integer DEFAULT 12 NOT NULL,
	"outbox_retention_days" integer DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_settings_single_row" CHECK ("privacy_settings"."id"),
	CONSTRAINT "privacy_settings_retention_months_check" CHECK ("privacy_settings"."retention_months" between 1 and 120),
	CONSTRAINT "privacy_settings_outbox_days_check" CHECK ("privacy_settings"."outbox_retention_days" between 1 and 3650)
);
--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "privacy_notice_version" integer;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "consent_data_processing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "consent_photo_scouting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "guardian_email" text;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "guardian_status" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "guardian_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "retention_keep" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "consent" jsonb;--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_registration_idx" ON "audit_log" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "model_registrations_event_guardian_idx" ON "model_registrations" USING btree ("event_id","guardian_status") WHERE "model_registrations"."guardian_status" = 'pending';--> statement-breakpoint
ALTER TABLE "model_registrations" ADD CONSTRAINT "model_registrations_guardian_status_check" CHECK ("model_registrations"."guardian_status" in ('not_required', 'pending', 'approved', 'refused'));--> statement-breakpoint
-- hand-written below
-- The audit trail is append-only: nothing in the product (nor a mistaken statement) edits or removes
-- a row. Only a database owner who drops the trigger could.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
INSERT INTO "privacy_settings" ("id") VALUES (true);--> statement-breakpoint
-- The first notice, so that every registration names the version it agreed to; the superadmin
-- publishes the agency's own text at /dashboard/admin/privacy.
INSERT INTO "privacy_notices" ("version", "text_es", "text_en") VALUES (1,
'La agencia trata tus datos (nombre, fecha de nacimiento, contacto, medidas y fotos) solo para organizar este casting y evaluar tu perfil como modelo. Los guardamos hasta 12 meses después del evento, salvo que seas seleccionada. Podés descargar o borrar tus datos en cualquier momento desde el enlace de tu inscripción. Si tenés 16 o 17 años, tu madre, padre o tutor debe autorizar la inscripción.',
'The agency processes your data (name, birth date, contact details, measurements and photos) only to run this casting and assess your profile as a model. We keep it for up to 12 months after the event unless you are selected. You can download or erase your data at any time from your registration link. If you are 16 or 17, your parent or guardian must approve the registration.');
