/**
 * Time slots and their availability: small building blocks shared by the events module and by the
 * features that place a registration in a slot (public registration, editing a registration).
 *
 * Availability rule: availableSpots = capacity − registrations holding the slot (pending and
 * confirmed alike), never below 0. A capacity may be lowered below the registrations already held
 * (staff decide); then the slot simply has no spots left.
 *
 * Locking rule (docs/architecture.md "a slot never holds more registrations than its capacity"): whoever
 * changes how many registrations a slot holds, or removes a slot, first locks the slot row with
 * FOR UPDATE inside its transaction, then counts, then writes. Locks on several slots are always
 * taken in id order, so two transactions never wait on each other in a cycle. The database enforces
 * the same rule on every write to model_registrations (its triggers keep
 * event_timeslots.registered_count and refuse a slot past its capacity: ADR 007); the public
 * registration relies on that alone, in one statement.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { formatTime } from "@common/dates";
import { currentLanguage } from "@common/i18n";
import { formatTimeRangeFor } from "@common/dates-language";
import type { Timeslot } from "@common/schemas/events";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { eventTimeslots, modelRegistrations, scoutingEvents, waitlistEntries, type EventTimeslotRow } from "../../db/schema";
import { slotStartSql } from "../../lib/calendar";

/** Spots left in a slot of `capacity` that holds `registrationCount` registrations. */
export function availableSpots(capacity: number, registrationCount: number): number {
  return Math.max(0, capacity - registrationCount);
}

/**
 * A slot row as the API shows it: `HH:MM` times and the computed availability. Spots held by
 * waiting-list offers (held_count, issue 19) are not available, nor counted as registrations.
 */
export function toTimeslot(row: EventTimeslotRow, registrationCount: number): Timeslot {
  return {
    id: row.id,
    startTime: formatTime(row.startTime),
    endTime: formatTime(row.endTime),
    capacity: row.capacity,
    registrationCount,
    availableSpots: availableSpots(row.capacity, registrationCount + row.heldCount),
  };
}

/** `10:00 - 11:00` (in the request's language): how a slot is named in messages. */
export function timeslotLabel(slot: Pick<EventTimeslotRow, "startTime" | "endTime">): string {
  return formatTimeRangeFor(currentLanguage(), slot.startTime, slot.endTime);
}

export type TimeslotsRepository = ReturnType<typeof createTimeslotsRepository>;

/**
 * Queries on slots. Reads accept an optional transaction; the lock functions need one (a lock
 * outside a transaction would end with the statement).
 */
export function createTimeslotsRepository(db: Db) {
  /**
   * Registration rows of each of the given slots, cancelled ones included (they still name their
   * slot: what keeps a slot from being removed). Slots with none are absent from the map.
   */
  async function countRegistrationsBySlot(timeslotIds: string[], tx: DbOrTx = db): Promise<Map<string, number>> {
    if (timeslotIds.length === 0) return new Map();
    const rows = await tx
      .select({ timeslotId: modelRegistrations.timeslotId, n: count() })
      .from(modelRegistrations)
      .where(inArray(modelRegistrations.timeslotId, timeslotIds))
      .groupBy(modelRegistrations.timeslotId);
    return new Map(rows.map((row) => [row.timeslotId, Number(row.n)]));
  }

  /** People waiting for a spot (or offered one) in each of the given slots; slots with none are absent. */
  async function countWaitingBySlot(timeslotIds: string[], tx: DbOrTx = db): Promise<Map<string, number>> {
    if (timeslotIds.length === 0) return new Map();
    const rows = await tx
      .select({ timeslotId: waitlistEntries.timeslotId, n: count() })
      .from(waitlistEntries)
      .where(and(inArray(waitlistEntries.timeslotId, timeslotIds), inArray(waitlistEntries.status, ["waiting", "offered"])))
      .groupBy(waitlistEntries.timeslotId);
    return new Map(rows.map((row) => [row.timeslotId, Number(row.n)]));
  }

  /** The slots of these events with their availability, each list ordered by start time. */
  async function listByEvents(eventIds: string[], tx: DbOrTx = db): Promise<Map<string, Timeslot[]>> {
    const byEvent = new Map<string, Timeslot[]>(eventIds.map((id) => [id, []]));
    if (eventIds.length === 0) return byEvent;
    // registered_count is the database's own count of the slot's registrations (ADR 007).
    const rows = await tx
      .select()
      .from(eventTimeslots)
      .where(inArray(eventTimeslots.eventId, eventIds))
      .orderBy(asc(eventTimeslots.startTime), asc(eventTimeslots.endTime), asc(eventTimeslots.createdAt));
    for (const slot of rows) {
      byEvent.get(slot.eventId)?.push(toTimeslot(slot, slot.registeredCount));
    }
    return byEvent;
  }

  /** Available spots of one slot right now (the SPEC's get_available_spots); null if no such slot. */
  async function getAvailableSpots(timeslotId: string, tx: DbOrTx = db): Promise<number | null> {
    const [row] = await tx.select().from(eventTimeslots).where(eq(eventTimeslots.id, timeslotId));
    if (!row) return null;
    return availableSpots(row.capacity, row.registeredCount + row.heldCount);
  }

  /**
   * Locks one slot (FOR UPDATE) and returns it with its availability, or null if it does not
   * exist (or was removed while we waited). Call inside the transaction that then inserts or moves
   * a registration: the count stays exact until that transaction ends.
   */
  async function lockOne(timeslotId: string, tx: Tx): Promise<(Timeslot & { eventId: string }) | null> {
    const [row] = await tx.select().from(eventTimeslots).where(eq(eventTimeslots.id, timeslotId)).for("update");
    if (!row) return null;
    // Under the lock, the database's own counts (ADR 007) are exact: live registrations, held offers.
    return { ...toTimeslot(row, row.registeredCount), eventId: row.eventId };
  }

  /**
   * Which of these slots have started at `now`: their start, the event's wall-clock date and time in
   * Buenos Aires, computed by PostgreSQL as the waiting list's offers compute it (ADR 017).
   */
  async function startedAmong(timeslotIds: string[], now: Date, tx: DbOrTx = db): Promise<Set<string>> {
    if (timeslotIds.length === 0) return new Set();
    const rows = await tx
      .select({ id: eventTimeslots.id })
      .from(eventTimeslots)
      .innerJoin(scoutingEvents, eq(scoutingEvents.id, eventTimeslots.eventId))
      .where(
        and(
          inArray(eventTimeslots.id, timeslotIds),
          sql`${slotStartSql(sql`${scoutingEvents.eventDate}`, sql`${eventTimeslots.startTime}`)} <= ${now.toISOString()}::timestamptz`,
        ),
      );
    return new Set(rows.map((row) => row.id));
  }

  /** Locks all slots of an event (FOR UPDATE, in id order) and returns the raw rows. */
  async function lockAllOfEvent(eventId: string, tx: Tx): Promise<EventTimeslotRow[]> {
    return tx
      .select()
      .from(eventTimeslots)
      .where(eq(eventTimeslots.eventId, eventId))
      .orderBy(asc(eventTimeslots.id))
      .for("update");
  }

  return {
    countRegistrationsBySlot,
    countWaitingBySlot,
    listByEvents,
    getAvailableSpots,
    startedAmong,
    lockOne,
    lockAllOfEvent,
  };
}
