/** Campaigns' rows of the authorisation matrix: batch e-mail, its history, and the public read receipt. */
import type { MatrixRow } from "./authorization-matrix";
import { createCampaign, createEvent, createRegistration } from "./factories";

export function campaignRows(): MatrixRow[] {
  return [
    {
      method: "POST",
      route: "/api/campaigns",
      ok: 202,
      prepare: async (app) => {
        const event = await createEvent(app.ctx.db);
        const registration = await createRegistration(app.ctx.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
        return {
          url: "/api/campaigns",
          body: {
            eventId: event.id,
            registrationIds: [registration.id],
            subject: "Aviso",
            content: "Hola {nombre}",
            isHtml: false,
          },
        };
      },
    },
    {
      method: "GET",
      route: "/api/campaigns",
      ok: 200,
      prepare: async (app) => ({ url: `/api/campaigns?eventId=${(await createEvent(app.ctx.db)).id}` }),
    },
    {
      method: "GET",
      route: "/api/campaigns/:id",
      ok: 200,
      prepare: async (app) => {
        const event = await createEvent(app.ctx.db);
        return { url: `/api/campaigns/${(await createCampaign(app.ctx.db, { eventId: event.id })).id}` };
      },
    },
    {
      method: "GET",
      route: "/api/registrations/:id/campaigns",
      ok: 200,
      prepare: async (app) => {
        const event = await createEvent(app.ctx.db);
        const registration = await createRegistration(app.ctx.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
        return { url: `/api/registrations/${registration.id}/campaigns` };
      },
    },
    {
      method: "GET",
      route: "/api/public/campaign-read/:token",
      ok: 200,
      prepare: async () => ({ url: `/api/public/campaign-read/${"x".repeat(43)}` }),
    },
  ];
}
