-- Never registered and waiting in the same event (issue 19; migration 0010) held on INSERT only: a
-- staff edit changing a registration's e-mail (or its event, or its status back from cancelled) to
-- one waiting in the event slipped past it. Both triggers now also fire on an UPDATE of those
-- columns, and check only when the row comes to name a new (event, e-mail) pair or comes alive. An
-- update's refusal names its own constraint, model_registrations_waiting_in_event, which the staff
-- edit maps to 409 `on_waiting_list`; an insert's still reuses the unique index's name (a duplicate).
CREATE OR REPLACE FUNCTION "model_registrations_not_waiting"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'cancelled' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."status" <> 'cancelled' AND OLD."event_id" = NEW."event_id"
     AND lower(OLD."email") = lower(NEW."email") THEN
    RETURN NEW;
  END IF;
  PERFORM "lock_event_email"(NEW."event_id", NEW."email");
  IF EXISTS (SELECT 1 FROM "waitlist_entries" w WHERE w."event_id" = NEW."event_id"
             AND lower(w."email") = lower(NEW."email") AND w."status" IN ('waiting', 'offered')) THEN
    RAISE EXCEPTION 'already on the waiting list of this event'
      USING ERRCODE = 'unique_violation',
            CONSTRAINT = CASE WHEN TG_OP = 'INSERT' THEN 'model_registrations_event_email_uq'
                              ELSE 'model_registrations_waiting_in_event' END,
            TABLE = 'model_registrations';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "model_registrations_not_waiting" ON "model_registrations";--> statement-breakpoint
CREATE TRIGGER "model_registrations_not_waiting" BEFORE INSERT OR UPDATE OF "email", "event_id", "status" ON "model_registrations"
  FOR EACH ROW EXECUTE FUNCTION "model_registrations_not_waiting"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "waitlist_entries_not_registered"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" NOT IN ('waiting', 'offered') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."status" IN ('waiting', 'offered') AND OLD."event_id" = NEW."event_id"
     AND lower(OLD."email") = lower(NEW."email") THEN
    RETURN NEW;
  END IF;
  PERFORM "lock_event_email"(NEW."event_id", NEW."email");
  IF EXISTS (SELECT 1 FROM "model_registrations" r WHERE r."event_id" = NEW."event_id"
             AND lower(r."email") = lower(NEW."email") AND r."status" <> 'cancelled') THEN
    RAISE EXCEPTION 'already registered for this event'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'waitlist_entries_event_email_uq', TABLE = 'waitlist_entries';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "waitlist_entries_not_registered" ON "waitlist_entries";--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_not_registered" BEFORE INSERT OR UPDATE OF "email", "event_id", "status" ON "waitlist_entries"
  FOR EACH ROW EXECUTE FUNCTION "waitlist_entries_not_registered"();
