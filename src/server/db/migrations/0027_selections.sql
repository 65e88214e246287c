CREATE TABLE "selection_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"selection_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_picks" (
	"share_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"favourite" boolean DEFAULT false NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selection_picks_share_id_member_id_pk" PRIMARY KEY("share_id","member_id"),
	CONSTRAINT "selection_picks_note_length_check" CHECK (char_length("selection_picks"."note") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "selection_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"selection_id" uuid NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text,
	"token_hash" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selection_shares_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "selections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "consent_client_sharing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "consent_client_sharing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "selection_members" ADD CONSTRAINT "selection_members_selection_id_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."selections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_members" ADD CONSTRAINT "selection_members_registration_id_model_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."model_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_picks" ADD CONSTRAINT "selection_picks_share_id_selection_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."selection_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_picks" ADD CONSTRAINT "selection_picks_member_id_selection_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."selection_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_shares" ADD CONSTRAINT "selection_shares_selection_id_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."selections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_shares" ADD CONSTRAINT "selection_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "selection_members_selection_registration_uq" ON "selection_members" USING btree ("selection_id","registration_id");--> statement-breakpoint
CREATE INDEX "selection_members_registration_idx" ON "selection_members" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "selection_picks_member_idx" ON "selection_picks" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "selection_shares_selection_idx" ON "selection_shares" USING btree ("selection_id");--> statement-breakpoint
-- Hand-written (issue 36): the privacy notice's next version tells of the new, optional consent to be
-- shown to clients. It is the current version's text (the agency's own, if it published one) with a
-- paragraph added, so nothing the agency wrote is lost; registrations keep naming what they read.
INSERT INTO "privacy_notices" ("version", "text_es", "text_en")
SELECT "version" + 1,
  "text_es" || E'\n\n' || 'Si lo aceptás (es opcional), la agencia puede mostrar tu perfil a sus clientes (marcas, fotógrafos) en una selección privada: tu nombre de pila, edad, altura, medidas, ciudad y tus fotos con marca de agua, nunca tus datos de contacto. Podés retirar ese permiso cuando quieras desde el enlace de tu inscripción, y dejás de figurar en toda selección en ese momento. Si tenés 16 o 17 años, hace falta también la autorización de tu madre, padre o tutor.',
  "text_en" || E'\n\n' || 'If you agree (it is optional), the agency may show your profile to its clients (brands, photographers) in a private selection: your first name, age, height, measurements, city and your photos with a watermark, never your contact details. You can withdraw this at any time from your registration link, and you are taken out of every selection at once. If you are 16 or 17, your parent or guardian must approve it too.'
FROM "privacy_notices" ORDER BY "version" DESC LIMIT 1;
