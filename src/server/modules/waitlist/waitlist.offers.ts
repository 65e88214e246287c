/**
 * Offering freed spots to the waiting list (issue 19; ADR 017). Whatever frees a spot (a
 * cancellation, a move, a staff deletion, a capacity raised, a slot added, an offer declined or
 * expired) calls `offerFreedSpots` in its own transaction, after the change. Per slot, in id order:
 * the slot row is locked (FOR NO KEY UPDATE), its room read (capacity − registrations − held offers), and
 * that many of the first waiting entries offered, oldest first (locked in that order, an entry held
 * a moment by its owner waited for, never skipped). The slot's lock serialises every
 * offer of that slot, so two spots freed at once go to the first two, and a spot is never offered
 * twice: an offer raises held_count (a trigger), which the next reader of the slot sees.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import { eventTimeslots, scoutingEvents, waitlistEntries } from "../../db/schema";
import { slotStartSql } from "../../lib/calendar";
import { newSecretToken } from "../../lib/tokens";
import { enqueueEmails, type OutgoingEmail } from "../../mail/outbox";
import { offerEmail } from "./waitlist.emails";

export type OfferConfig = Pick<Config, "publicUrl" | "waitlistHoldHours" | "authSecret">;

export interface OfferOptions {
  now?: Date;
  /**
   * New slots have no line of their own: their spots go to the event's line (anyone waiting in the
   * event, oldest first), each entry moved to the new slot with its offer.
   */
  eventWide?: boolean;
  /** Staff offering a spot by hand: this entry goes first, out of turn. */
  first?: string;
}

interface LineOf {
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
async function lockLineInOrder(tx: DbOrTx, line: LineOf, room: number) {
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
export async function lockSlot(tx: DbOrTx, slotId: string) {
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

/**
 * Offers every free spot of these slots to the next in line; returns how many were offered. A slot
 * that has started offers nothing (nobody could come in time), and a hold never outlasts the start
 * of its slot: it expires then, or after WAITLIST_HOLD_HOURS, whichever comes first.
 */
export async function offerFreedSpots(
  tx: DbOrTx,
  config: OfferConfig,
  timeslotIds: Iterable<string>,
  { now = new Date(), eventWide = false, first }: OfferOptions = {},
): Promise<number> {
  let offered = 0;
  for (const slotId of [...new Set(timeslotIds)].sort()) {
    const slot = await lockSlot(tx, slotId);
    if (!slot || !slot.active || slot.room <= 0 || slot.startsAtMs <= now.getTime()) continue;
    const line = await lockLineInOrder(tx, { slotId: slot.id, eventId: eventWide ? slot.eventId : undefined, first }, slot.room);
    if (line.length === 0) continue;
    const expiresAt = new Date(Math.min(now.getTime() + config.waitlistHoldHours * 3_600_000, slot.startsAtMs));
    const emails: OutgoingEmail[] = [];
    for (const entry of line) {
      const { token, hash } = newSecretToken();
      await tx
        .update(waitlistEntries)
        .set({ status: "offered", timeslotId: slot.id, offerTokenHash: hash, offeredAt: now, offerExpiresAt: expiresAt })
        .where(eq(waitlistEntries.id, entry.id));
      emails.push(
        offerEmail(
          config as Config,
          { ...entry, event: slot, timeslot: { startTime: slot.startTime, endTime: slot.endTime } },
          token,
          expiresAt,
        ),
      );
    }
    await enqueueEmails(tx, emails);
    offered += line.length;
  }
  return offered;
}

/**
 * A slot moved earlier (an event edit): the offers it holds expire at its new start at the latest.
 */
export async function clampOffersToStart(tx: DbOrTx, timeslotIds: string[]): Promise<void> {
  if (timeslotIds.length === 0) return;
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
 * Offers past their hold expire, and their spots go to the next in line: a batch of due offers,
 * claimed with SKIP LOCKED (any number of processes may run this), in one transaction.
 */
export async function expireOffers(db: Db, config: OfferConfig, now = new Date(), batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offerExpiresAt, now)))
      .orderBy(asc(waitlistEntries.offerExpiresAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
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
    await offerFreedSpots(
      tx,
      config,
      expired.map((row) => row.timeslotId),
      { now },
    );
    return expired.length;
  });
}
