CREATE TABLE "display_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "display_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "door_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_passes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"room" text,
	"first_called_at" timestamp with time zone,
	"called_at" timestamp with time zone,
	"call_count" smallint DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_entries_registration_id_unique" UNIQUE("registration_id"),
	CONSTRAINT "queue_entries_state_check" CHECK ("queue_entries"."state" in ('waiting', 'called', 'seen', 'gone')),
	CONSTRAINT "queue_entries_room_check" CHECK (("queue_entries"."state" = 'waiting') or "queue_entries"."room" is not null)
);
--> statement-breakpoint
ALTER TABLE "scouting_events" ADD COLUMN "queue_last_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scouting_events" ADD COLUMN "queue_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scouting_events" ADD COLUMN "walk_ins_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scouting_events" ADD COLUMN "walk_ins_daily_cap" integer;--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "walk_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_pass" text;--> statement-breakpoint
ALTER TABLE "display_keys" ADD CONSTRAINT "display_keys_event_id_scouting_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."scouting_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_keys" ADD CONSTRAINT "display_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_passes" ADD CONSTRAINT "door_passes_event_id_scouting_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."scouting_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_passes" ADD CONSTRAINT "door_passes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_event_id_scouting_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."scouting_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_registration_id_model_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."model_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "display_keys_event_idx" ON "display_keys" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "door_passes_event_idx" ON "door_passes" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_event_number_uq" ON "queue_entries" USING btree ("event_id","number");--> statement-breakpoint
CREATE INDEX "queue_entries_event_state_idx" ON "queue_entries" USING btree ("event_id","state","queued_at","number");--> statement-breakpoint
ALTER TABLE "scouting_events" ADD CONSTRAINT "scouting_events_walk_ins_daily_cap_check" CHECK ("scouting_events"."walk_ins_daily_cap" is null or "scouting_events"."walk_ins_daily_cap" between 1 and 10000);--> statement-breakpoint
-- The line's numbers (issue 35, ADR 024): an arrival recorded at the door (attended_at set, by a
-- check-in or a walk-in's registration) takes the event's next number in the same transaction,
-- whichever statement recorded it; undoing the arrival ('Asistió' unticked) or cancelling takes a
-- waiting person out of the line. Every change raises the event's queue_version and notifies the
-- processes streaming it (LISTEN queue_changes; the payload is "<event id>:<version>"), at commit.
CREATE OR REPLACE FUNCTION "queue_entries_follow_arrival"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  next_number integer;
  version bigint;
BEGIN
  IF NEW."attended_at" IS NOT NULL AND NEW."status" <> 'cancelled'
     AND (TG_OP = 'INSERT' OR OLD."attended_at" IS NULL)
     AND NOT EXISTS (SELECT 1 FROM "queue_entries" q WHERE q."registration_id" = NEW."id") THEN
    UPDATE "scouting_events"
       SET "queue_last_number" = "queue_last_number" + 1, "queue_version" = "queue_version" + 1
     WHERE "id" = NEW."event_id"
     RETURNING "queue_last_number", "queue_version" INTO next_number, version;
    INSERT INTO "queue_entries" ("event_id", "registration_id", "number")
    VALUES (NEW."event_id", NEW."id", next_number);
    PERFORM pg_notify('queue_changes', NEW."event_id"::text || ':' || version);
  ELSIF TG_OP = 'UPDATE' AND (NEW."attended_at" IS NULL OR NEW."status" = 'cancelled') THEN
    DELETE FROM "queue_entries" WHERE "registration_id" = NEW."id" AND "state" = 'waiting';
    IF FOUND THEN
      UPDATE "scouting_events" SET "queue_version" = "queue_version" + 1 WHERE "id" = NEW."event_id"
      RETURNING "queue_version" INTO version;
      PERFORM pg_notify('queue_changes', NEW."event_id"::text || ':' || version);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Two triggers with WHEN clauses: a registration without an arrival (every public one) runs no function.
CREATE TRIGGER "queue_entries_follow_arrival_insert" AFTER INSERT ON "model_registrations"
  FOR EACH ROW WHEN (NEW."attended_at" IS NOT NULL) EXECUTE FUNCTION "queue_entries_follow_arrival"();--> statement-breakpoint
CREATE TRIGGER "queue_entries_follow_arrival_update" AFTER UPDATE OF "attended_at", "status" ON "model_registrations"
  FOR EACH ROW WHEN (OLD."attended_at" IS DISTINCT FROM NEW."attended_at" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "queue_entries_follow_arrival"();
