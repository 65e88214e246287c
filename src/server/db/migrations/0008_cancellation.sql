ALTER TABLE "model_registrations" DROP CONSTRAINT "model_registrations_status_check";--> statement-breakpoint
DROP INDEX "model_registrations_event_email_uq";--> statement-breakpoint
ALTER TABLE "model_registrations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "model_registrations_event_email_uq" ON "model_registrations" USING btree ("event_id",lower("email")) WHERE "model_registrations"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "model_registrations" ADD CONSTRAINT "model_registrations_cancelled_at_check" CHECK (("model_registrations"."status" = 'cancelled') = ("model_registrations"."cancelled_at" is not null));--> statement-breakpoint
ALTER TABLE "model_registrations" ADD CONSTRAINT "model_registrations_status_check" CHECK ("model_registrations"."status" in ('pending', 'confirmed', 'cancelled'));--> statement-breakpoint
-- A cancelled registration leaves its slot's count (issue 19; ADR 007's triggers, migrations 0002, 0004):
-- a row counts in its slot while it is not cancelled. An update counts +1 in the new row's slot and
-- -1 in the old row's, each when that row counts; what sums to zero (most updates: a rating, a
-- like) changes nothing and locks no slot. Un-cancelling is a new +1 and meets the capacity check.
CREATE OR REPLACE FUNCTION "model_registrations_count_inserted_row"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'cancelled' THEN
    RETURN NULL;
  END IF;
  UPDATE "event_timeslots" SET "registered_count" = "registered_count" + 1
  WHERE "id" = NEW."timeslot_id" AND "registered_count" < "capacity";
  IF NOT FOUND AND EXISTS (SELECT 1 FROM "event_timeslots" WHERE "id" = NEW."timeslot_id") THEN
    RAISE EXCEPTION 'time slot % has no room left', NEW."timeslot_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'event_timeslots_within_capacity', TABLE = 'event_timeslots';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "model_registrations_count_deleted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "apply_timeslot_deltas"(array_agg(s.slot_id), array_agg(s.n))
  FROM (SELECT "timeslot_id" AS slot_id, -count(*)::int AS n FROM old_rows WHERE "status" <> 'cancelled' GROUP BY "timeslot_id") AS s
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "model_registrations_count_moved"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "apply_timeslot_deltas"(array_agg(s.slot_id), array_agg(s.n))
  FROM (
    SELECT slot_id, sum(n)::int AS n
    FROM (
      SELECT n."timeslot_id" AS slot_id, 1 AS n
      FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE (o."timeslot_id" <> n."timeslot_id" OR o."status" <> n."status") AND n."status" <> 'cancelled'
      UNION ALL
      SELECT o."timeslot_id", -1
      FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE (o."timeslot_id" <> n."timeslot_id" OR o."status" <> n."status") AND o."status" <> 'cancelled'
    ) AS changes
    GROUP BY slot_id
    HAVING sum(n) <> 0
  ) AS s
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
