/**
 * An event edit that moves time (issue 19): a new date moves every slot, a slot's new start or end
 * moves that slot. The registrations in them get what a move gives (registrations.reschedule.ts):
 * the invite's SEQUENCE raised, the reminder re-armed, the "moved" notice with the updated invite;
 * the offers the slots hold expire at their new start at the latest.
 */
import { formatTime } from "@common/dates";
import type { UpdateEventBody } from "@common/schemas/events";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { eventTimeslots, modelRegistrations, type ScoutingEventRow } from "../../db/schema";
import type { NoticeConfig } from "../registrations/registrations.notices";
import { registrationsRescheduled } from "../registrations/registrations.reschedule";
import { clampOffersToStart } from "../waitlist/waitlist.offers";

/** The slots this edit moves in time (whose start moves, whose end alone does) and their live registrations. */
export interface Retimed {
  slots: { startMoved: Set<string>; endMoved: Set<string> };
  registrations: Map<string, string>;
}

/**
 * Finds and locks (FOR UPDATE, in id order) the registrations the edit moves in time. Call it with
 * the event locked and BEFORE the slots are: a move or a cancellation locks its registration, then
 * its slots, and an edit taking them the other way round could wait on it in a cycle. The slots'
 * times cannot change meanwhile: only an edit changes them, and it holds the event's lock.
 */
export async function lockRetimedRegistrations(
  tx: DbOrTx,
  event: Pick<ScoutingEventRow, "id" | "eventDate">,
  input: UpdateEventBody,
): Promise<Retimed> {
  const dateMoved = input.eventDate !== event.eventDate;
  const wanted = new Map(input.timeslots.flatMap((slot) => (slot.id === undefined ? [] : [[slot.id, slot]])));
  const slots = await tx.select().from(eventTimeslots).where(eq(eventTimeslots.eventId, event.id));
  const startMoved = new Set<string>();
  const endMoved = new Set<string>();
  for (const slot of slots) {
    const next = wanted.get(slot.id);
    if (!next) continue;
    if (dateMoved || next.startTime !== formatTime(slot.startTime)) startMoved.add(slot.id);
    else if (next.endTime !== formatTime(slot.endTime)) endMoved.add(slot.id);
  }
  const retimed: Retimed = { slots: { startMoved, endMoved }, registrations: new Map() };
  for (const row of await liveIn(tx, retimed, false)) retimed.registrations.set(row.id, row.timeslotId);
  return retimed;
}

/** The live registrations of the slots moved, locked in id order; SKIP LOCKED on the second pass. */
async function liveIn(tx: DbOrTx, retimed: Retimed, skipLocked: boolean) {
  const slotIds = [...retimed.slots.startMoved, ...retimed.slots.endMoved];
  if (slotIds.length === 0) return [];
  const query = tx
    .select({ id: modelRegistrations.id, timeslotId: modelRegistrations.timeslotId })
    .from(modelRegistrations)
    .where(and(inArray(modelRegistrations.timeslotId, slotIds), ne(modelRegistrations.status, "cancelled")))
    .orderBy(asc(modelRegistrations.id));
  return skipLocked ? query.for("update", { skipLocked: true }) : query.for("update");
}

/**
 * After the slots are written (their locks held): the invites, reminders and notices of the
 * registrations moved. A registration moved into one of these slots between the first pass and
 * the slots' locks is taken too; one locked now is in the middle of its own move or cancellation,
 * waiting for its slot's lock, and reads the new times once this edit commits.
 */
export async function rescheduleRetimed(tx: DbOrTx, config: NoticeConfig, retimed: Retimed, now: Date): Promise<void> {
  for (const row of await liveIn(tx, retimed, true)) retimed.registrations.set(row.id, row.timeslotId);
  const ids = (slots: Set<string>) => [...retimed.registrations].filter(([, slotId]) => slots.has(slotId)).map(([id]) => id);
  await registrationsRescheduled(tx, config, ids(retimed.slots.startMoved), now);
  await registrationsRescheduled(tx, config, ids(retimed.slots.endMoved), now, { startMoved: false });
  // A hold never outlasts its slot's start (issue 19): a slot moved earlier cuts its offers short.
  await clampOffersToStart(tx, [...retimed.slots.startMoved]);
}
