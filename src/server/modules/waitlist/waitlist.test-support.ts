/** The waiting list's API, as the tests of this module call it (issue 19). */
import { eq, inArray } from "drizzle-orm";
import { eventTimeslots, waitlistEntries } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, linkIn, outboxFor } from "../../test/factories";
import type { TestApp } from "../../test/harness";

/** A date well ahead: offers are made only for slots that have not started. */
export const AHEAD = "2031-09-01";

export function waitlistHelpers(t: TestApp) {
  const join = (eventId: string, body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/waitlist`, payload: body });
  const entryAction = (action: "confirm" | "accept" | "decline", token: string) =>
    t.app.inject({ method: "POST", url: `/api/public/waitlist/${action}`, payload: { t: token } });
  const cancelByLink = (id: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/public/registrations/manage/cancel",
      payload: { t: registrationToken(t.config, "manage", id) },
    });
  /** [registered_count, held_count] of a slot. */
  const slotCounts = async (id: string) =>
    (await t.db.select().from(eventTimeslots).where(eq(eventTimeslots.id, id))).map((s) => [s.registeredCount, s.heldCount])[0];
  const entriesByEmail = async (emails: string[]) =>
    t.db.select().from(waitlistEntries).where(inArray(waitlistEntries.email, emails));
  /** The token of the latest e-mail of this kind to this address (the waiting list's page link). */
  async function tokenFrom(email: string, kind: string) {
    const mail = (await outboxFor(t.db, email)).filter((m) => m.kind === kind).at(-1);
    return new URL(linkIn(mail!.textBody, `${t.config.publicUrl}/waitlist?t=`)).searchParams.get("t")!;
  }
  /** An event ahead whose slots are full, each of `capacity` registrations. */
  async function fullEvent(capacity = 1, slots = 1, eventDate = AHEAD) {
    const event = await createEvent(t.db, { eventDate, timeslots: Array.from({ length: slots }, () => ({ capacity })) });
    const held = [];
    for (const slot of event.timeslots)
      for (let i = 0; i < capacity; i++) held.push(await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id }));
    return { event, slot: event.timeslots[0]!, held };
  }
  return { join, entryAction, cancelByLink, slotCounts, entriesByEmail, tokenFrom, fullEvent };
}
