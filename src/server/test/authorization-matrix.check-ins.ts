/**
 * Check-in's rows of the authorisation matrix (issue 20): member and above, nobody else; letting
 * in a minor without the guardian's approval (issue 32): admin and above; and the door passes' and
 * walk-in poster's rows (issue 35, authorization-matrix.door-passes.ts).
 */
import type { App } from "../app";
import { registrationToken } from "../lib/registration-links";
import type { MatrixRow } from "./authorization-matrix";
import { doorPassRows } from "./authorization-matrix.door-passes";
import { createRegistration } from "./factories";

export function checkInRows(
  freshRegistration: (
    app: App,
  ) => Promise<{ event: { id: string }; registration: { id: string; registrationCode: string; timeslotId: string } }>,
): MatrixRow[] {
  const byToken = async (app: App) => {
    const { event, registration } = await freshRegistration(app);
    return { token: registrationToken(app.ctx.config, "check-in", registration.id), eventId: event.id };
  };
  return [
    {
      method: "POST",
      route: "/api/check-ins",
      ok: 200,
      prepare: async (app) => ({ url: "/api/check-ins", body: await byToken(app) }),
    },
    {
      // The same route with an admin's override of a guardian's missing approval: a member is refused.
      method: "POST",
      route: "/api/check-ins",
      ok: 200,
      needs: "checkins.override",
      prepare: async (app) => {
        const { event, registration } = await freshRegistration(app);
        const minor = await createRegistration(app.ctx.db, {
          eventId: event.id,
          timeslotId: registration.timeslotId,
          age: 16,
          guardianName: "Marta Madre",
          guardianEmail: "marta.madre@example.com",
          guardianStatus: "pending",
        });
        return { url: "/api/check-ins", body: { registrationId: minor.id, overrideReason: "Vino con su madre" } };
      },
    },
    {
      method: "POST",
      route: "/api/check-ins/preview",
      ok: 200,
      prepare: async (app) => ({ url: "/api/check-ins/preview", body: await byToken(app) }),
    },
    {
      method: "GET",
      route: "/api/check-ins/search",
      ok: 200,
      prepare: async (app) => {
        const { event, registration } = await freshRegistration(app);
        return { url: `/api/check-ins/search?eventId=${event.id}&q=${registration.registrationCode}` };
      },
    },
    {
      method: "GET",
      route: "/api/events/:id/arrivals",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await freshRegistration(app)).event.id}/arrivals` }),
    },
    ...doorPassRows(),
  ];
}
