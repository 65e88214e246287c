/** The callbacks' tests' data and calls (issue 36): an open call with a callback, invitations, answers. */
import { eq } from "drizzle-orm";
import type { App } from "../../app";
import { callbackInvitations, type EventTimeslotRow } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, type CreateEventOptions } from "../../test/factories";

/** The callback's day: well ahead, so its slots have not started and a deadline before it is in the future. */
export const CALLBACK_DATE = "2031-05-10";
/** Before the callback's first slot (10:00 in Buenos Aires that day). */
export const DEADLINE = "2031-05-01T23:59:00-03:00";

/** An open call, and a callback of it (by default two slots of two spots). */
export async function openCallWithCallback(app: App, callback: CreateEventOptions = {}) {
  const openCall = await createEvent(app.ctx.db, { photos: "optional" });
  const event = await createEvent(app.ctx.db, {
    eventName: `Callback ${Math.random().toString(36).slice(2, 8)}`,
    eventDate: CALLBACK_DATE,
    kind: "callback",
    callbackOf: openCall.id,
    timeslots: [{ capacity: 2 }, { capacity: 2 }],
    ...callback,
  });
  return { openCall, callback: event as typeof event & { timeslots: EventTimeslotRow[] } };
}

export function callbackCalls(app: App, headers: Record<string, string>) {
  return {
    invite: (callbackId: string, registrationIds: string[], deadline = DEADLINE) =>
      app.inject({
        method: "POST",
        url: `/api/events/${callbackId}/callback-invitations`,
        headers,
        payload: { registrationIds, deadline },
      }),
    list: (callbackId: string) => app.inject({ url: `/api/events/${callbackId}/callback-invitations`, headers }),
    remind: (callbackId: string) =>
      app.inject({ method: "POST", url: `/api/events/${callbackId}/callback-invitations/remind`, headers }),
  };
}

/** The answer link's token of the person's invitation to the callback. */
export async function answerToken(app: App, callbackId: string, registrationId: string): Promise<string> {
  const rows = await app.ctx.db
    .select({ id: callbackInvitations.id, registrationId: callbackInvitations.registrationId })
    .from(callbackInvitations)
    .where(eq(callbackInvitations.callbackEventId, callbackId));
  const row = rows.find((r) => r.registrationId === registrationId);
  if (!row) throw new Error(`no invitation of ${registrationId}`);
  return registrationToken(app.ctx.config, "callback", row.id);
}

export const answer = (app: App, payload: { t: string; timeslotId?: string; decline?: true }) =>
  app.inject({ method: "POST", url: "/api/public/callbacks/answer", payload });

export const viewInvitation = (app: App, token: string) => app.inject({ url: `/api/public/callbacks?t=${token}` });
