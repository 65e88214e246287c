/** Check-in's rows of the authorisation matrix (issue 20): member and above, nobody else. */
import type { App } from "../app";
import { registrationToken } from "../lib/registration-links";
import { expectFor, type MatrixRow } from "./authorization-matrix";

export function checkInRows(
  freshRegistration: (app: App) => Promise<{ event: { id: string }; registration: { id: string; registrationCode: string } }>,
): MatrixRow[] {
  const byToken = async (app: App) => {
    const { event, registration } = await freshRegistration(app);
    return { token: registrationToken(app.ctx.config, "check-in", registration.id), eventId: event.id };
  };
  return [
    {
      method: "POST",
      route: "/api/check-ins",
      expect: expectFor.member(200),
      prepare: async (app) => ({ url: "/api/check-ins", body: await byToken(app) }),
    },
    {
      method: "POST",
      route: "/api/check-ins/preview",
      expect: expectFor.member(200),
      prepare: async (app) => ({ url: "/api/check-ins/preview", body: await byToken(app) }),
    },
    {
      method: "GET",
      route: "/api/check-ins/search",
      expect: expectFor.member(200),
      prepare: async (app) => {
        const { event, registration } = await freshRegistration(app);
        return { url: `/api/check-ins/search?eventId=${event.id}&q=${registration.registrationCode}` };
      },
    },
    {
      method: "GET",
      route: "/api/events/:id/arrivals",
      expect: expectFor.member(200),
      prepare: async (app) => ({ url: `/api/events/${(await freshRegistration(app)).event.id}/arrivals` }),
    },
  ];
}
