/** The staff's side of the waiting list (issue 19): each slot's line, and a spot offered by hand. */
import { formatTime } from "@common/dates";
import type { StaffWaitlist } from "@common/schemas/self-service";
import { and, asc, eq, inArray } from "drizzle-orm";
import { eventTimeslots, scoutingEvents, waitlistEntries } from "../../db/schema";
import { eventErrors } from "../events/events.errors";
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
