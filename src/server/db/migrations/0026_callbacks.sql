CREATE TABLE "callback_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"callback_event_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"callback_registration_id" uuid,
	"invited_by" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "callback_invitations_event_registration_unique" UNIQUE("callback_event_id","registration_id"),
	CONSTRAINT "callback_invitations_status_check" CHECK ("callback_invitations"."status" in ('invited', 'accepted', 'declined')),
	CONSTRAINT "callback_invitations_answered_check" CHECK (("callback_invitations"."status" = 'invited') = ("callback_invitations"."answered_at" is null)),
	CONSTRAINT "callback_invitations_accepted_check" CHECK (("callback_invitations"."status" = 'accepted') = ("callback_invitations"."callback_registration_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "scouting_events" ADD COLUMN "kind" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "scouting_events" ADD COLUMN "callback_of" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "cc_address" text;--> statement-breakpoint
ALTER TABLE "callback_invitations" ADD CONSTRAINT "callback_invitations_callback_event_id_scouting_events_id_fk" FOREIGN KEY ("callback_event_id") REFERENCES "public"."scouting_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_invitations" ADD CONSTRAINT "callback_invitations_registration_id_model_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."model_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_invitations" ADD CONSTRAINT "callback_invitations_callback_registration_id_model_registrations_id_fk" FOREIGN KEY ("callback_registration_id") REFERENCES "public"."model_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_invitations" ADD CONSTRAINT "callback_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_invitations_registration_idx" ON "callback_invitations" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "callback_invitations_callback_registration_uq" ON "callback_invitations" USING btree ("callback_registration_id") WHERE "callback_invitations"."callback_registration_id" is not null;--> statement-breakpoint
ALTER TABLE "scouting_events" ADD CONSTRAINT "scouting_events_callback_of_scouting_events_id_fk" FOREIGN KEY ("callback_of") REFERENCES "public"."scouting_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scouting_events_callback_of_idx" ON "scouting_events" USING btree ("callback_of");--> statement-breakpoint
CREATE INDEX "photos_large_key_idx" ON "photos" USING btree ("large_key");--> statement-breakpoint
ALTER TABLE "scouting_events" ADD CONSTRAINT "scouting_events_kind_check" CHECK ("scouting_events"."kind" in ('open', 'callback'));--> statement-breakpoint
ALTER TABLE "scouting_events" ADD CONSTRAINT "scouting_events_callback_of_check" CHECK (("scouting_events"."kind" = 'callback') = ("scouting_events"."callback_of" is not null));--> statement-breakpoint
-- hand-written
-- A callback's registration holds copies of the person's photo rows that share their stored files
-- (issue 36). A deleted photo row queues its files only when no row names them any more. Deleting
-- the last two rows of the same files from two transactions at once: each would still see the
-- other's row and queue nothing, so a deleter of files another row names waits for a lock on them
-- first, and then looks again (a new statement, a new snapshot): the later one sees the earlier
-- one's delete and queues the files. Files named by one row only (nearly all) take no lock.
CREATE OR REPLACE FUNCTION "photos_queue_file_deletions"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('photo files: ' || shared.large_key))
  FROM (
    SELECT DISTINCT o."large_key" FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM "photos" p WHERE p."large_key" = o."large_key")
    ORDER BY o."large_key"
  ) AS shared;
  INSERT INTO "storage_deletions" ("storage_key")
  SELECT DISTINCT k
  FROM old_rows o, LATERAL (VALUES (o."large_key"), (o."thumb_key")) AS keys(k)
  WHERE NOT EXISTS (SELECT 1 FROM "photos" p WHERE p."large_key" = o."large_key");
  RETURN NULL;
END;
$$;
