CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"timeslot_id" uuid NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"registrant" jsonb NOT NULL,
	"photos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"language" text DEFAULT 'es-AR' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"token_hash" text NOT NULL,
	"offer_token_hash" text,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"registration_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "waitlist_entries_offer_token_hash_unique" UNIQUE("offer_token_hash"),
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'accepted', 'declined', 'expired', 'removed')),
	CONSTRAINT "waitlist_entries_offer_check" CHECK ("waitlist_entries"."status" <> 'offered' or "waitlist_entries"."offer_expires_at" is not null),
	CONSTRAINT "waitlist_entries_language_check" CHECK ("waitlist_entries"."language" in ('es-AR', 'en'))
);
--> statement-breakpoint
ALTER TABLE "event_timeslots" ADD COLUMN "held_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "ics_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "ical_event" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "waitlist_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_registration_id_model_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."model_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_timeslot_event_fk" FOREIGN KEY ("timeslot_id","event_id") REFERENCES "public"."event_timeslots"("id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_event_email_uq" ON "waitlist_entries" USING btree ("event_id",lower("email")) WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("timeslot_id","created_at","id") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_expiry_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_entries_event_idx" ON "waitlist_entries" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- Offers hold their spot (ADR 017): a slot's room is capacity - registered_count - held_count, and
-- held_count is kept by the trigger on waitlist_entries below. The registration triggers of
-- 0002/0004/0008 check the capacity against both counts.
CREATE OR REPLACE FUNCTION "apply_timeslot_deltas"(slot_ids uuid[], deltas int[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN SELECT d.slot_id, d.n FROM unnest(slot_ids, deltas) AS d(slot_id, n) ORDER BY d.slot_id LOOP
    IF change.n > 0 THEN
      UPDATE "event_timeslots" SET "registered_count" = "registered_count" + change.n
      WHERE "id" = change.slot_id AND "registered_count" + "held_count" + change.n <= "capacity";
      IF NOT FOUND AND EXISTS (SELECT 1 FROM "event_timeslots" WHERE "id" = change.slot_id) THEN
        RAISE EXCEPTION 'time slot % has no room left', change.slot_id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'event_timeslots_within_capacity', TABLE = 'event_timeslots';
      END IF;
    ELSIF change.n < 0 THEN
      UPDATE "event_timeslots" SET "registered_count" = "registered_count" + change.n WHERE "id" = change.slot_id;
    END IF;
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "model_registrations_count_inserted_row"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'cancelled' THEN
    RETURN NULL;
  END IF;
  UPDATE "event_timeslots" SET "registered_count" = "registered_count" + 1
  WHERE "id" = NEW."timeslot_id" AND "registered_count" + "held_count" < "capacity";
  IF NOT FOUND AND EXISTS (SELECT 1 FROM "event_timeslots" WHERE "id" = NEW."timeslot_id") THEN
    RAISE EXCEPTION 'time slot % has no room left', NEW."timeslot_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'event_timeslots_within_capacity', TABLE = 'event_timeslots';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "waitlist_entries_count_held"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was_held boolean := TG_OP <> 'INSERT' AND OLD."status" = 'offered';
  is_held boolean := TG_OP <> 'DELETE' AND NEW."status" = 'offered';
BEGIN
  IF was_held AND (NOT is_held OR OLD."timeslot_id" <> NEW."timeslot_id") THEN
    UPDATE "event_timeslots" SET "held_count" = "held_count" - 1 WHERE "id" = OLD."timeslot_id";
  END IF;
  IF is_held AND (NOT was_held OR OLD."timeslot_id" <> NEW."timeslot_id") THEN
    UPDATE "event_timeslots" SET "held_count" = "held_count" + 1
    WHERE "id" = NEW."timeslot_id" AND "registered_count" + "held_count" < "capacity";
    IF NOT FOUND THEN
      RAISE EXCEPTION 'time slot % has no room left', NEW."timeslot_id"
        USING ERRCODE = 'check_violation', CONSTRAINT = 'event_timeslots_within_capacity', TABLE = 'event_timeslots';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_count_held" AFTER INSERT OR UPDATE OF "status", "timeslot_id" OR DELETE ON "waitlist_entries"
  FOR EACH ROW EXECUTE FUNCTION "waitlist_entries_count_held"();--> statement-breakpoint
-- Never registered and waiting in the same event (issue 19): both inserts take the same advisory
-- lock on (event, e-mail) for the rest of their transaction, then look at the other table, whose
-- rows committed meanwhile they see (each statement of a function takes a new snapshot). Each
-- refusal reuses its own table's unique index name, so the application maps it like a duplicate.
CREATE FUNCTION "lock_event_email"(event_id uuid, email text) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(event_id::text || ' ' || lower(email), 19));
$$;--> statement-breakpoint
CREATE FUNCTION "model_registrations_not_waiting"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'cancelled' THEN
    RETURN NEW;
  END IF;
  PERFORM "lock_event_email"(NEW."event_id", NEW."email");
  IF EXISTS (SELECT 1 FROM "waitlist_entries" w WHERE w."event_id" = NEW."event_id"
             AND lower(w."email") = lower(NEW."email") AND w."status" IN ('waiting', 'offered')) THEN
    RAISE EXCEPTION 'already on the waiting list of this event'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'model_registrations_event_email_uq', TABLE = 'model_registrations';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "model_registrations_not_waiting" BEFORE INSERT ON "model_registrations"
  FOR EACH ROW EXECUTE FUNCTION "model_registrations_not_waiting"();--> statement-breakpoint
CREATE FUNCTION "waitlist_entries_not_registered"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lock_event_email"(NEW."event_id", NEW."email");
  IF EXISTS (SELECT 1 FROM "model_registrations" r WHERE r."event_id" = NEW."event_id"
             AND lower(r."email") = lower(NEW."email") AND r."status" <> 'cancelled') THEN
    RAISE EXCEPTION 'already registered for this event'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'waitlist_entries_event_email_uq', TABLE = 'waitlist_entries';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_not_registered" BEFORE INSERT ON "waitlist_entries"
  FOR EACH ROW EXECUTE FUNCTION "waitlist_entries_not_registered"();
