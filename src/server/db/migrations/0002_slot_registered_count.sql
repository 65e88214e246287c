ALTER TABLE "event_timeslots" ADD COLUMN "registered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing registrations counted once; from here on the triggers below keep the count.
UPDATE "event_timeslots" AS t SET "registered_count" = c.n
FROM (SELECT "timeslot_id", count(*)::int AS n FROM "model_registrations" GROUP BY "timeslot_id") AS c
WHERE c."timeslot_id" = t."id";--> statement-breakpoint
-- The capacity invariant, in the database (docs/decisions/007-slot-capacity-in-the-database.md):
-- every statement that adds registrations to slots, removes them or moves them between slots
-- changes the slots' counts in the same transaction, locking the slot rows (in id order, so two
-- writers never wait on each other in a cycle). A slot that would go past its capacity makes the
-- whole statement fail with check_violation on "event_timeslots_within_capacity". A slot whose
-- capacity staff lowered below its count takes no new registrations and may still lose some.
CREATE FUNCTION "apply_timeslot_deltas"(slot_ids uuid[], deltas int[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  -- One slot at a time, in id order: each UPDATE locks its row (and, after waiting on another
  -- writer, checks the condition again on the row as that writer left it).
  FOR change IN SELECT d.slot_id, d.n FROM unnest(slot_ids, deltas) AS d(slot_id, n) ORDER BY d.slot_id LOOP
    IF change.n > 0 THEN
      UPDATE "event_timeslots" SET "registered_count" = "registered_count" + change.n
      WHERE "id" = change.slot_id AND "registered_count" + change.n <= "capacity";
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
CREATE FUNCTION "model_registrations_count_inserted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "apply_timeslot_deltas"(array_agg(s.slot_id), array_agg(s.n))
  FROM (SELECT "timeslot_id" AS slot_id, count(*)::int AS n FROM new_rows GROUP BY "timeslot_id") AS s
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "model_registrations_count_deleted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "apply_timeslot_deltas"(array_agg(s.slot_id), array_agg(s.n))
  FROM (SELECT "timeslot_id" AS slot_id, -count(*)::int AS n FROM old_rows GROUP BY "timeslot_id") AS s
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "model_registrations_count_moved"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "apply_timeslot_deltas"(array_agg(s.slot_id), array_agg(s.n))
  FROM (
    SELECT slot_id, sum(n)::int AS n
    FROM (
      SELECT n."timeslot_id" AS slot_id, 1 AS n FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE o."timeslot_id" <> n."timeslot_id"
      UNION ALL
      SELECT o."timeslot_id", -1 FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE o."timeslot_id" <> n."timeslot_id"
    ) AS moves
    GROUP BY slot_id
  ) AS s
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "model_registrations_count_inserted" AFTER INSERT ON "model_registrations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "model_registrations_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "model_registrations_count_deleted" AFTER DELETE ON "model_registrations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "model_registrations_count_deleted"();--> statement-breakpoint
CREATE TRIGGER "model_registrations_count_moved" AFTER UPDATE ON "model_registrations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "model_registrations_count_moved"();
