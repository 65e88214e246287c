CREATE TABLE "agency_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"contact_email" text NOT NULL,
	"website" text,
	"logo_png" text,
	"logo_sha" text,
	"from_config" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "agency_settings_single_row" CHECK ("agency_settings"."id"),
	CONSTRAINT "agency_settings_name_check" CHECK (char_length("agency_settings"."name") between 1 and 80),
	CONSTRAINT "agency_settings_logo_check" CHECK (("agency_settings"."logo_png" is null) = ("agency_settings"."logo_sha" is null))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD CONSTRAINT "agency_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;