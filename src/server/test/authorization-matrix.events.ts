/**
 * Events' rows of the authorisation matrix, and their callbacks' (issue 36): the invitations' staff
 * routes need callbacks.manage; the person's two are public, their link's token the only key.
 */
import type { App } from "../app";
import { callbackInvitations } from "../db/schema";
import { registrationToken } from "../lib/registration-links";
import type { MatrixRow } from "./authorization-matrix";
import { createEvent, createRegistration } from "./factories";

const DEADLINE = "2031-05-01T23:59:00-03:00";

/** An open call, its callback (ahead), and a registrant of the open call. */
async function openCallWithCallback(app: App) {
  const db = app.ctx.db;
  const openCall = await createEvent(db);
  const callback = await createEvent(db, { eventDate: "2031-05-10", kind: "callback", callbackOf: openCall.id });
  const registration = await createRegistration(db, { eventId: openCall.id, timeslotId: openCall.timeslots[0]!.id });
  return { callback, registration };
}

/** The same, the registrant invited, and their invitation's token. */
async function invited(app: App) {
  const db = app.ctx.db;
  const { callback, registration } = await openCallWithCallback(app);
  const [invitation] = await db
    .insert(callbackInvitations)
    .values({ callbackEventId: callback.id, registrationId: registration.id, deadline: new Date(DEADLINE) })
    .returning();
  return { callback, registration, token: registrationToken(app.ctx.config, "callback", invitation!.id) };
}

export function eventRows(): MatrixRow[] {
  return [
    { method: "GET", route: "/api/events", ok: 200 },
    {
      method: "POST",
      route: "/api/events",
      ok: 201,
      prepare: async () => ({
        url: "/api/events",
        body: {
          eventName: "Casting matriz",
          eventDate: "2026-03-05",
          location: "CABA",
          timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 10 }],
        },
      }),
    },
    {
      method: "GET",
      route: "/api/events/:id",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await createEvent(app.ctx.db)).id}` }),
    },
    {
      method: "PUT",
      route: "/api/events/:id",
      ok: 200,
      prepare: async (app) => {
        const event = await createEvent(app.ctx.db);
        const slot = event.timeslots[0]!;
        return {
          url: `/api/events/${event.id}`,
          body: {
            eventName: `${event.eventName} (editado)`,
            eventDate: event.eventDate,
            location: event.location,
            status: "inactive",
            timeslots: [{ id: slot.id, startTime: "09:00", endTime: "10:00", capacity: 5 }],
          },
        };
      },
    },
    {
      method: "POST",
      route: "/api/events/:id/callback-invitations",
      ok: 200,
      prepare: async (app) => {
        const { callback, registration } = await openCallWithCallback(app);
        return {
          url: `/api/events/${callback.id}/callback-invitations`,
          body: { registrationIds: [registration.id], deadline: DEADLINE },
        };
      },
    },
    {
      method: "GET",
      route: "/api/events/:id/callback-invitations",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await invited(app)).callback.id}/callback-invitations` }),
    },
    {
      method: "POST",
      route: "/api/events/:id/callback-invitations/remind",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await invited(app)).callback.id}/callback-invitations/remind` }),
    },
    {
      method: "GET",
      route: "/api/public/callbacks",
      ok: 200,
      prepare: async (app) => ({ url: `/api/public/callbacks?t=${(await invited(app)).token}` }),
    },
    {
      method: "POST",
      route: "/api/public/callbacks/answer",
      ok: 200,
      prepare: async (app) => {
        const { callback, token } = await invited(app);
        return { url: "/api/public/callbacks/answer", body: { t: token, timeslotId: callback.timeslots[0]!.id } };
      },
    },
  ];
}
