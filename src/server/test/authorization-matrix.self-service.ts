/** The authorisation matrix's rows of the registrant's self-service and the waiting list (issue 19). */
import type { App } from "../app";
import { waitlistEntries } from "../db/schema";
import { registrationToken } from "../lib/registration-links";
import { newSecretToken } from "../lib/tokens";
import type { MatrixRow } from "./authorization-matrix";
import { freshRegistration } from "./authorization-matrix.fixtures";
import { createEvent, createRegistration, registrationBody } from "./factories";

const manageToken = (app: App, id: string) => registrationToken(app.ctx.config, "manage", id);

/** A waiting-list entry of a fresh event, offered or waiting, and its link's token. */
async function entry(app: App, status: "waiting" | "offered") {
  // A slot ahead: a slot that has started offers nothing.
  const event = await createEvent(app.ctx.db, { eventDate: "2031-09-01", timeslots: [{ capacity: 1 }] });
  const slot = event.timeslots[0]!;
  if (status === "waiting") await createRegistration(app.ctx.db, { eventId: event.id, timeslotId: slot.id });
  const { token, hash } = newSecretToken();
  const body = registrationBody(slot.id) as { email: string; fullName: string };
  const [row] = await app.ctx.db
    .insert(waitlistEntries)
    .values({
      eventId: event.id,
      timeslotId: slot.id,
      email: body.email,
      fullName: body.fullName,
      registrant: body as never,
      // Agreed to, as the join asks (issue 18): an entry without consent never becomes a registration.
      consent: {
        privacyNoticeVersion: 1,
        consentedAt: new Date().toISOString(),
        consentDataProcessing: true,
        consentPhotoScouting: true,
        guardianName: null,
        guardianEmail: null,
        guardianStatus: "not_required",
      },
      tokenHash: hash,
      status,
      ...(status === "offered" ? { offerExpiresAt: new Date(Date.now() + 3_600_000), offeredAt: new Date() } : {}),
    })
    .returning();
  return { event, entry: row!, token };
}

export function selfServiceRows(): MatrixRow[] {
  return [
    {
      method: "GET",
      route: "/api/public/registrations/manage",
      ok: 200,
      prepare: async (app) => ({
        url: `/api/public/registrations/manage?t=${manageToken(app, (await freshRegistration(app)).registration.id)}`,
      }),
    },
    {
      method: "POST",
      route: "/api/public/registrations/manage/cancel",
      ok: 200,
      prepare: async (app) => ({
        url: "/api/public/registrations/manage/cancel",
        body: { t: manageToken(app, (await freshRegistration(app)).registration.id) },
      }),
    },
    {
      method: "POST",
      route: "/api/public/registrations/manage/move",
      ok: 200,
      prepare: async (app) => {
        const { event, registration } = await freshRegistration(app);
        return {
          url: "/api/public/registrations/manage/move",
          body: { t: manageToken(app, registration.id), timeslotId: event.timeslots[1]!.id },
        };
      },
    },
    {
      method: "POST",
      route: "/api/public/registrations/manage/client-sharing",
      ok: 200,
      prepare: async (app) => ({
        url: "/api/public/registrations/manage/client-sharing",
        body: { t: manageToken(app, (await freshRegistration(app)).registration.id), consent: true },
      }),
    },
    {
      method: "POST",
      route: "/api/public/events/:eventId/waitlist",
      ok: 201,
      prepare: async (app) => {
        // A slot ahead: the line of a slot that has started is closed (409 timeslot_started).
        const event = await createEvent(app.ctx.db, { eventDate: "2031-09-01", timeslots: [{ capacity: 1 }] });
        await createRegistration(app.ctx.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
        return { url: `/api/public/events/${event.id}/waitlist`, body: registrationBody(event.timeslots[0]!.id) };
      },
    },
    ...(["confirm", "accept", "decline"] as const).map((action): MatrixRow => ({
      method: "POST",
      route: `/api/public/waitlist/${action}`,
      ok: 200,
      prepare: async (app) => ({
        url: `/api/public/waitlist/${action}`,
        body: { t: (await entry(app, action === "confirm" ? "waiting" : "offered")).token },
      }),
    })),
    {
      method: "GET",
      route: "/api/events/:id/waitlist",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await entry(app, "waiting")).event.id}/waitlist` }),
    },
    {
      method: "POST",
      route: "/api/events/:id/waitlist/:entryId/offer",
      ok: 200,
      prepare: async (app) => {
        const { event, entry: row } = await entry(app, "waiting");
        return { url: `/api/events/${event.id}/waitlist/${row.id}/offer`, body: {} };
      },
    },
    {
      method: "DELETE",
      route: "/api/events/:id/waitlist/:entryId",
      ok: 200,
      prepare: async (app) => {
        const { event, entry: row } = await entry(app, "waiting");
        return { url: `/api/events/${event.id}/waitlist/${row.id}` };
      },
    },
  ];
}
