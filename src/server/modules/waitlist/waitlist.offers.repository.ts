/**
 * The queries of offering freed spots (waitlist.offers.ts holds the rules; ADR 017). Every one runs
 * in the caller's transaction, its last argument: the locks they take last until it ends.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { eventTimeslots, scoutingEvents, waitlistEntries } from "../../db/schema";
import { slotStartSql } from "../../lib/calendar";

export interface LineOf {
  slotId: string;
  /** The event's line (a new slot's), instead of the slot's own. */
  eventId: string | undefined;
  first: string | undefined;
}

/**
 * The first `room` waiting entries, locked in line order. No SKIP LOCKED: an entry its owner holds a
 * moment (opening their link) is waited for, never passed over, so the order is strictly first come,
 * first served. An entry that stopped waiting meanwhile (its owner left) is re-checked once its lock
 * is free and dropped; PostgreSQL locks below the LIMIT, so the next in line takes its place. The
 * caller holds the slot's lock: no other offer of this slot runs meanwhile.
 */
export async function lockLineInOrder(line: LineOf, room: number, tx: DbOrTx) {
  return tx
    .select({
      id: waitlistEntries.id,
      email: waitlistEntries.email,
      fullName: waitlistEntries.fullName,
      language: waitlistEntries.language,
    })
    .from(waitlistEntries)
    .where(
      and(
        line.eventId ? eq(waitlistEntries.eventId, line.eventId) : eq(waitlistEntries.timeslotId, line.slotId),
        eq(waitlistEntries.status, "waiting"),
      ),
    )
    .orderBy(
      ...(line.first ? [sql`${waitlistEntries.id} = ${line.first}::uuid desc`] : []),
      asc(waitlistEntries.createdAt),
      asc(waitlistEntries.id),
    )
    .limit(room)
    .for("update");
}

/**
 * The slot locked with its event, its room and the instant it starts. FOR NO KEY UPDATE, not FOR
 * UPDATE: it serialises the slot's offers just as well, but does not conflict with the FOR KEY SHARE
 * lock that inserting a row referencing the slot takes. With FOR UPDATE, people joining the slot's
 * line at once (each holding that key share from its insert, then asking for this lock) deadlocked.
 */
export async function lockSlot(slotId: string, tx: DbOrTx) {
  const [slot] = await tx
    .select({
      id: eventTimeslots.id,
      eventId: eventTimeslots.eventId,
      startTime: eventTimeslots.startTime,
      endTime: eventTimeslots.endTime,
      room: sql<number>`(${eventTimeslots.capacity} - ${eventTimeslots.registeredCount} - ${eventTimeslots.heldCount})::int`,
      startsAtMs: sql<number>`(extract(epoch from ${slotStartSql(sql`${scoutingEvents.eventDate}`, sql`${eventTimeslots.startTime}`)}) * 1000)::float8`,
      eventName: scoutingEvents.eventName,
      eventDate: scoutingEvents.eventDate,
      location: scoutingEvents.location,
      active: sql<boolean>`${scoutingEvents.status} = 'active'`,
    })
    .from(eventTimeslots)
    .innerJoin(scoutingEvents, eq(scoutingEvents.id, eventTimeslots.eventId))
    .where(eq(eventTimeslots.id, slotId))
    .for("no key update", { of: eventTimeslots });
  return slot;
}

/** The entry offered this slot's spot (moved to the slot, for an event-wide line), until `expiresAt`. */
export async function markOffered(
  entryId: string,
  offer: { timeslotId: string; offerTokenHash: string; offeredAt: Date; offerExpiresAt: Date },
  tx: DbOrTx,
) {
  await tx
    .update(waitlistEntries)
    .set({ status: "offered", ...offer })
    .where(eq(waitlistEntries.id, entryId));
}

/** The offers these slots hold expire at the slot's start at the latest. */
export async function clampOfferExpiries(timeslotIds: string[], tx: DbOrTx): Promise<void> {
  const starts = slotStartSql(sql`e.event_date`, sql`t.start_time`);
  await tx.execute(sql`
    update ${waitlistEntries} w set offer_expires_at = ${starts}
    from event_timeslots t join scouting_events e on e.id = t.event_id
    where t.id = w.timeslot_id and w.status = 'offered' and w.offer_expires_at > ${starts}
      and w.timeslot_id in (${sql.join(
        timeslotIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
}

/**
 * A batch of offers past their hold, oldest first, marked expired; claimed with SKIP LOCKED (any
 * number of processes may run this). Their slots, one per expired offer.
 */
export async function expireDueOffers(now: Date, batch: number, tx: DbOrTx): Promise<string[]> {
  const due = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offerExpiresAt, now)))
    .orderBy(asc(waitlistEntries.offerExpiresAt))
    .limit(batch)
    .for("update", { skipLocked: true });
  if (due.length === 0) return [];
  const expired = await tx
    .update(waitlistEntries)
    .set({ status: "expired" })
    .where(
      inArray(
        waitlistEntries.id,
        due.map((row) => row.id),
      ),
    )
    .returning({ timeslotId: waitlistEntries.timeslotId });
  return expired.map((row) => row.timeslotId);
}
