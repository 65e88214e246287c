/**
 * The audit walk's later actions (issues 35 and 36): the casting day's line and screens, callbacks,
 * selections for clients, with what each needs, for audit.walk.test.ts.
 */
import { eq } from "drizzle-orm";
import { displayKeys, doorPasses, queueEntries, selectionShares } from "../../db/schema";
import { newSecretToken } from "../../lib/tokens";
import { createEvent, createRegistration } from "../../test/factories";
import type { TestApp } from "../../test/harness";
import { inDays, registrant, selectionOf } from "../selections/selections.test-support";
import type { AuditAction } from "./audit.record";

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);

export type Target = { registrationId?: string; userId?: string; eventId?: string };

export interface Call {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  payload?: object;
  multipart?: { payload: Buffer; headers: Record<string, string> };
  superadmin?: boolean;
}

/** Today's line with two people checked in, the second one called already, a venue screen's key, and a door pass of `passEventId`. */
async function castingDay(makerId: string, t: TestApp, passEventId: string) {
  const [pass] = await t.db
    .insert(doorPasses)
    .values({
      eventId: passEventId,
      name: "Puerta",
      tokenHash: `walk-pass-${Date.now()}`,
      createdBy: makerId,
      expiresAt: inHours(1),
    })
    .returning();
  const day = await createEvent(t.db);
  const [first, second] = [
    await createRegistration(t.db, { eventId: day.id, timeslotId: day.timeslots[0]!.id, attended: true, attendedAt: new Date() }),
    await createRegistration(t.db, { eventId: day.id, timeslotId: day.timeslots[0]!.id, attended: true, attendedAt: new Date() }),
  ];
  const [firstEntry] = await t.db.select().from(queueEntries).where(eq(queueEntries.registrationId, first!.id));
  const [secondEntry] = await t.db
    .update(queueEntries)
    .set({ state: "called", room: "Sala 2", calledAt: new Date(), callCount: 1 })
    .where(eq(queueEntries.registrationId, second!.id))
    .returning();
  const [screen] = await t.db
    .insert(displayKeys)
    .values({ eventId: day.id, name: "TV de la entrada", keyHash: `walk-screen-${Date.now()}`, createdBy: makerId })
    .returning();
  return { day, first, second, firstEntry, secondEntry, screen, pass };
}

/** `otherId`: a registration of `eventId` to invite to a callback; `makerId`: an admin who made things. */
export async function castingDayAndAfterCalls(
  t: TestApp,
  admin: Record<string, string>,
  { eventId, otherId, makerId }: { eventId: string; otherId: string; makerId: string },
) {
  const other = { id: otherId };
  // The casting day's line (issue 35), and a volunteer's door pass to revoke.
  const { day, first, second, firstEntry, secondEntry, screen, pass } = await castingDay(makerId, t, eventId);
  // A callback of the person's event (issue 36), to invite the other registrant to and remind them.
  const callback = await createEvent(t.db, { eventDate: "2031-05-10", kind: "callback", callbackOf: eventId });
  // A selection for a client (issue 36): a link to make, one to revoke, one the client opens.
  const shown = await registrant(t.app);
  const selectionId = await selectionOf(t.app, admin, [shown.id]);
  const clientLink = newSecretToken();
  const [toRevoke, opened] = await t.db
    .insert(selectionShares)
    .values([
      { selectionId, clientName: "Marca X", tokenHash: newSecretToken().hash, expiresAt: new Date(inDays(3)) },
      { selectionId, clientName: "Marca X", tokenHash: clientLink.hash, expiresAt: new Date(inDays(3)) },
    ])
    .returning();
  const calls: Array<[AuditAction, Call, Target]> = [
    [
      "door_pass.create",
      {
        method: "POST",
        url: `/api/events/${eventId}/door-passes`,
        payload: { name: "Lucía", expiresAt: inHours(1).toISOString() },
      },
      { eventId },
    ],
    ["door_pass.delete", { method: "DELETE", url: `/api/door-passes/${pass!.id}` }, { eventId }],
    [
      "callback.invite",
      {
        method: "POST",
        url: `/api/events/${callback.id}/callback-invitations`,
        payload: { registrationIds: [other.id], deadline: "2031-05-01T23:59:00-03:00" },
      },
      { registrationId: other.id, eventId: callback.id },
    ],
    [
      "callback.remind",
      { method: "POST", url: `/api/events/${callback.id}/callback-invitations/remind` },
      { registrationId: other.id, eventId: callback.id },
    ],
    [
      "queue.call",
      { method: "POST", url: `/api/events/${day.id}/queue/call`, payload: { room: "Sala 1", count: 1 } },
      { registrationId: first!.id, eventId: day.id },
    ],
    [
      "queue.recall",
      { method: "POST", url: `/api/queue/${firstEntry!.id}/recall` },
      { registrationId: first!.id, eventId: day.id },
    ],
    [
      "queue.absent",
      { method: "POST", url: `/api/queue/${firstEntry!.id}/absent`, payload: { then: "back" } },
      { registrationId: first!.id, eventId: day.id },
    ],
    [
      "queue.seen",
      { method: "POST", url: `/api/queue/${secondEntry!.id}/seen` },
      { registrationId: second!.id, eventId: day.id },
    ],
    [
      "display_key.create",
      { method: "POST", url: `/api/events/${day.id}/display-keys`, payload: { name: "TV" } },
      { eventId: day.id },
    ],
    ["display_key.delete", { method: "DELETE", url: `/api/display-keys/${screen!.id}` }, { eventId: day.id }],
    [
      "selection.share",
      { method: "POST", url: `/api/selections/${selectionId}/shares`, payload: { clientName: "Marca X", expiresAt: inDays(7) } },
      {},
    ],
    ["selection.share_revoke", { method: "DELETE", url: `/api/shares/${toRevoke!.id}` }, {}],
  ];
  return { calls, client: { token: clientLink.token, shareId: opened!.id, registrationId: shown.id } };
}
