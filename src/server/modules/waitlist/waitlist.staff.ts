/**
 * The staff's side of the waiting list (issue 19): each slot's line, a spot offered by hand, and a
 * person taken off a line (so that a slot people wait for can be removed once its line is empty).
 */
import { formatTime } from "@common/dates";
import type { StaffWaitlist } from "@common/schemas/self-service";
import { and, asc, eq, inArray } from "drizzle-orm";
import { eventTimeslots, scoutingEvents, waitlistEntries } from "../../db/schema";
import { enqueueEmail } from "../../mail/outbox";
import { recordAudit, type AuditContext } from "../audit/audit.record";
import { eventErrors } from "../events/events.errors";
import { removedEmail } from "./waitlist.emails";
import { UUID, type WaitlistDeps } from "./waitlist.join";
import { waitlistErrors } from "./waitlist.errors";
import { offerFreedSpots } from "./waitlist.offers";

const LIVE = ["waiting", "offered"] as const;

/** Staff: each slot's line (waiting and offered), first in line first. */
export async function listWaitlist(deps: WaitlistDeps, eventId: string): Promise<StaffWaitlist> {
  const { db } = deps;
  if (!UUID.test(eventId)) throw eventErrors.notFound();
  const slots = await db
    .select({ id: eventTimeslots.id, startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime })
    .from(eventTimeslots)
    .where(eq(eventTimeslots.eventId, eventId))
    .orderBy(asc(eventTimeslots.startTime), asc(eventTimeslots.endTime));
  if (slots.length === 0) {
    const [event] = await db.select({ id: scoutingEvents.id }).from(scoutingEvents).where(eq(scoutingEvents.id, eventId));
    if (!event) throw eventErrors.notFound();
  }
  const entries = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, eventId), inArray(waitlistEntries.status, [...LIVE])))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  return {
    timeslots: slots.map((slot) => ({
      id: slot.id,
      startTime: formatTime(slot.startTime),
      endTime: formatTime(slot.endTime),
      entries: entries
        .filter((entry) => entry.timeslotId === slot.id)
        .map((entry) => ({
          id: entry.id,
          fullName: entry.fullName,
          email: entry.email,
          status: entry.status,
          emailVerified: entry.emailVerified,
          createdAt: entry.createdAt.toISOString(),
          offerExpiresAt: entry.status === "offered" ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
        })),
    })),
  };
}

/**
 * Staff: offer a spot to this person now, out of turn. When the slot has no room, the staff's
 * decision adds one: its capacity is raised by one for this offer (as staff may lower one below
 * its registrations).
 */
export async function offerByHand(
  deps: WaitlistDeps,
  eventId: string,
  entryId: string,
  now = new Date(),
): Promise<StaffWaitlist> {
  const { db, config } = deps;
  if (!UUID.test(eventId) || !UUID.test(entryId)) throw waitlistErrors.entryNotFound();
  await db.transaction(async (tx) => {
    const ofEntry = and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.eventId, eventId));
    const [found] = await tx.select({ timeslotId: waitlistEntries.timeslotId }).from(waitlistEntries).where(ofEntry);
    if (!found) throw waitlistErrors.entryNotFound();
    // The slot's lock first, then the entry's: the order of every offer (offerFreedSpots), so a
    // hand-made offer and a spot freed in the same slot never wait on each other in a cycle.
    const [slot] = await tx.select().from(eventTimeslots).where(eq(eventTimeslots.id, found.timeslotId)).for("update");
    if (!slot) throw waitlistErrors.entryNotFound();
    const [entry] = await tx.select().from(waitlistEntries).where(ofEntry).for("update");
    if (!entry || entry.status !== "waiting" || entry.timeslotId !== slot.id) throw waitlistErrors.offerUnavailable();
    const room = slot.capacity - slot.registeredCount - slot.heldCount;
    if (room <= 0) {
      await tx
        .update(eventTimeslots)
        .set({ capacity: slot.registeredCount + slot.heldCount + 1 })
        .where(eq(eventTimeslots.id, slot.id));
    }
    const offered = await offerFreedSpots(tx, config, [slot.id], { now, first: entry.id });
    if (offered === 0) throw waitlistErrors.offerUnavailable();
  });
  return listWaitlist(deps, eventId);
}

/**
 * Staff: take this person off their slot's line. The entry is `removed` (as when its owner leaves);
 * an offer it held is released and the spot offered to the next in line, in the same transaction;
 * the person is told by e-mail, in their language; the action is audited (ids only). 409
 * `not_on_waitlist` when the entry no longer waits (accepted, declined, expired or removed meanwhile).
 */
export async function removeFromLine(
  deps: WaitlistDeps,
  eventId: string,
  entryId: string,
  audit: AuditContext,
  now = new Date(),
): Promise<StaffWaitlist> {
  const { db, config } = deps;
  if (!UUID.test(eventId) || !UUID.test(entryId)) throw waitlistErrors.entryNotFound();
  await db.transaction(async (tx) => {
    const ofEntry = and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.eventId, eventId));
    const [found] = await tx.select({ timeslotId: waitlistEntries.timeslotId }).from(waitlistEntries).where(ofEntry);
    if (!found) throw waitlistErrors.entryNotFound();
    // The slot's lock first, then the entry's: the order of every offer, as for a hand-made one.
    const [slot] = await tx
      .select({
        startTime: eventTimeslots.startTime,
        endTime: eventTimeslots.endTime,
        eventName: scoutingEvents.eventName,
        eventDate: scoutingEvents.eventDate,
        location: scoutingEvents.location,
      })
      .from(eventTimeslots)
      .innerJoin(scoutingEvents, eq(scoutingEvents.id, eventTimeslots.eventId))
      .where(eq(eventTimeslots.id, found.timeslotId))
      .for("update", { of: eventTimeslots });
    const [entry] = await tx.select().from(waitlistEntries).where(ofEntry).for("update");
    if (!slot || !entry) throw waitlistErrors.entryNotFound();
    if (entry.status !== "waiting" && entry.status !== "offered") throw waitlistErrors.notOnWaitlist();
    await tx.update(waitlistEntries).set({ status: "removed" }).where(eq(waitlistEntries.id, entry.id));
    await enqueueEmail(tx, removedEmail(config, { ...entry, event: slot, timeslot: slot }));
    // A held spot, released by the update above (held_count − 1), goes to the next in line.
    if (entry.status === "offered") await offerFreedSpots(tx, config, [entry.timeslotId], { now });
    await recordAudit(tx, {
      ...audit,
      action: "event.waitlist_remove",
      eventId,
      details: { entryId: entry.id, timeslotId: entry.timeslotId, status: entry.status },
    });
  });
  return listWaitlist(deps, eventId);
}
