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
  full_slot uuid;
BEGIN
  PERFORM 1 FROM "event_timeslots" WHERE "id" = ANY (slot_ids) ORDER BY "id" FOR NO KEY UPDATE;
  WITH d AS (SELECT * FROM unnest(slot_ids, deltas) AS d(slot_id, n)),
  changed AS (
    UPDATE "event_timeslots" AS t SET "registered_count" = t."registered_count" + d.n
    FROM d
    WHERE t."id" = d.slot_id AND (d.n < 0 OR t."registered_count" + d.n <= t."capacity")
    RETURNING t."id"
  )
  SELECT d.slot_id INTO full_slot FROM d
  WHERE d.n > 0 AND d.slot_id NOT IN (SELECT "id" FROM changed) AND EXISTS (SELECT 1 FROM "event_timeslots" WHERE "id" = d.slot_id)
  LIMIT 1;
  IF full_slot IS NOT NULL THEN
    RAISE EXCEPTION 'time slot % has no room left', full_slot
      USING ERRCODE = 'check_violation', CONSTRAINT = 'event_timeslots_within_capacity', TABLE = 'event_timeslots';
  END IF;
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
