-- Cheaper registrations under a rush (docs/decisions/007-slot-capacity-in-the-database.md).
-- 1. One foreign key, (timeslot_id, event_id) → the slot of that event, replaces the two that
--    checked the event and the slot apart: one check on the slot row the registration already
--    locks, instead of a share lock on the event's row from every registering transaction at once.
--    It also makes sure a registration's slot is a slot of its event.
ALTER TABLE "event_timeslots" ADD CONSTRAINT "event_timeslots_id_event_id_unique" UNIQUE("id","event_id");--> statement-breakpoint
ALTER TABLE "model_registrations" DROP CONSTRAINT "model_registrations_event_id_scouting_events_id_fk";--> statement-breakpoint
ALTER TABLE "model_registrations" DROP CONSTRAINT "model_registrations_timeslot_id_event_timeslots_id_fk";--> statement-breakpoint
ALTER TABLE "model_registrations" ADD CONSTRAINT "model_registrations_timeslot_event_fk" FOREIGN KEY ("timeslot_id","event_id") REFERENCES "public"."event_timeslots"("id","event_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- 2. Inserts are counted row by row: one UPDATE of the slot per registration, where the statement
--    trigger of 0002 gathered a transition table and called apply_timeslot_deltas for each
--    statement (a registration is a one-row statement). A many-row insert now locks its slots in
--    its rows' order, not in id order: two such inserts across the same slots at once may deadlock,
--    and PostgreSQL then refuses one of them; only seeds write so. Deletes and moves keep the
--    statement triggers of 0002.
CREATE FUNCTION "model_registrations_count_inserted_row"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "event_timeslots" SET "registered_count" = "registered_count" + 1
  WHERE "id" = NEW."timeslot_id" AND "registered_count" < "capacity";
  IF NOT FOUND AND EXISTS (SELECT 1 FROM "event_timeslots" WHERE "id" = NEW."timeslot_id") THEN
    RAISE EXCEPTION 'time slot % has no room left', NEW."timeslot_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'event_timeslots_within_capacity', TABLE = 'event_timeslots';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "model_registrations_count_inserted" ON "model_registrations";--> statement-breakpoint
DROP FUNCTION "model_registrations_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "model_registrations_count_inserted" AFTER INSERT ON "model_registrations"
  FOR EACH ROW EXECUTE FUNCTION "model_registrations_count_inserted_row"();
