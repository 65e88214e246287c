/**
 * The staff's side of the waiting list (issue 19): each slot's line, a spot offered by hand, and a
 * person taken off a line (so that a slot people wait for can be removed once its line is empty).
 */
import { formatTime } from "@common/dates";
import type { StaffWaitlist } from "@common/schemas/self-service";
import { enqueueEmail } from "../../mail/outbox";
import { recordAudit, type AuditContext } from "../audit/audit.record";
import { eventErrors } from "../events/events.errors";
import { removedEmail } from "./waitlist.emails";
import { UUID, type WaitlistDeps } from "./waitlist.join";
import { waitlistErrors } from "./waitlist.errors";
import { offerFreedSpots } from "./waitlist.offers";

/** Staff: each slot's line (waiting and offered), first in line first. */
export async function listWaitlist(deps: WaitlistDeps, eventId: string): Promise<StaffWaitlist> {
  const { repo } = deps;
  if (!UUID.test(eventId)) throw eventErrors.notFound();
  const slots = await repo.listSlotsOfEvent(eventId);
  if (slots.length === 0 && !(await repo.eventExists(eventId))) throw eventErrors.notFound();
  const entries = await repo.listLiveOfEvent(eventId);
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
  const { db, config, repo } = deps;
  if (!UUID.test(eventId) || !UUID.test(entryId)) throw waitlistErrors.entryNotFound();
  await db.transaction(async (tx) => {
    const foundSlotId = await repo.findSlotIdOf(eventId, entryId, tx);
    if (!foundSlotId) throw waitlistErrors.entryNotFound();
    // The slot's lock first, then the entry's: the order of every offer (offerFreedSpots), so a
    // hand-made offer and a spot freed in the same slot never wait on each other in a cycle.
    const slot = await repo.lockSlotRow(foundSlotId, tx);
    if (!slot) throw waitlistErrors.entryNotFound();
    const entry = await repo.lockOfEvent(eventId, entryId, tx);
    if (!entry || entry.status !== "waiting" || entry.timeslotId !== slot.id) throw waitlistErrors.offerUnavailable();
    const room = slot.capacity - slot.registeredCount - slot.heldCount;
    if (room <= 0) {
      await repo.setSlotCapacity(slot.id, slot.registeredCount + slot.heldCount + 1, tx);
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
  const { db, config, repo } = deps;
  if (!UUID.test(eventId) || !UUID.test(entryId)) throw waitlistErrors.entryNotFound();
  await db.transaction(async (tx) => {
    const foundSlotId = await repo.findSlotIdOf(eventId, entryId, tx);
    if (!foundSlotId) throw waitlistErrors.entryNotFound();
    // The slot's lock first, then the entry's: the order of every offer, as for a hand-made one.
    const slot = await repo.lockSlotWithEvent(foundSlotId, tx);
    const entry = await repo.lockOfEvent(eventId, entryId, tx);
    if (!slot || !entry) throw waitlistErrors.entryNotFound();
    if (entry.status !== "waiting" && entry.status !== "offered") throw waitlistErrors.notOnWaitlist();
    await repo.update(entry.id, { status: "removed" }, tx);
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
