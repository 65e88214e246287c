CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"registration_id" uuid,
	"large_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"large_bytes" integer NOT NULL,
	"thumb_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_kind_check" CHECK ("photos"."kind" in ('face', 'profile', 'full'))
);
--> statement-breakpoint
CREATE TABLE "storage_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scouting_events" ADD COLUMN "photos" text DEFAULT 'required' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_event_id_scouting_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."scouting_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_registration_id_model_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."model_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_registration_kind_uq" ON "photos" USING btree ("registration_id","kind");--> statement-breakpoint
CREATE INDEX "photos_unclaimed_created_idx" ON "photos" USING btree ("created_at") WHERE "photos"."registration_id" is null;--> statement-breakpoint
CREATE INDEX "storage_deletions_next_attempt_idx" ON "storage_deletions" USING btree ("next_attempt_at");--> statement-breakpoint
ALTER TABLE "scouting_events" ADD CONSTRAINT "scouting_events_photos_check" CHECK ("scouting_events"."photos" in ('off', 'optional', 'required'));--> statement-breakpoint
-- hand-written
-- Events created before photos existed keep working as they did: photos optional there (the column's
-- default, 'required', is for new events).
UPDATE "scouting_events" SET "photos" = 'optional';--> statement-breakpoint
-- Every deleted photo row (its registration deleted, its event deleted, or never used and swept)
-- queues its stored files for removal in the same transaction: the storage sweeper removes them,
-- retrying while the store is unreachable. Never a file without a row to find it by.
CREATE FUNCTION "photos_queue_file_deletions"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "storage_deletions" ("storage_key")
  SELECT k FROM old_rows, LATERAL (VALUES (old_rows."large_key"), (old_rows."thumb_key")) AS keys(k);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "photos_queue_file_deletions" AFTER DELETE ON "photos"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "photos_queue_file_deletions"();--> statement-breakpoint
-- The registration's statement claims its photos (public.repository.ts): when fewer photos were
-- claimed than asked for (another registration took one meanwhile), the whole statement fails, the
-- registration with it.
CREATE FUNCTION "photos_claim_check"(wanted int, claimed int, registration uuid) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF registration IS NOT NULL AND claimed <> wanted THEN
    RAISE EXCEPTION 'a photo of the registration is not available'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'photos_claimable', TABLE = 'photos';
  END IF;
  RETURN true;
END;
$$;
