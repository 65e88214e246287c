/**
 * Tracked links' and insights' rows of the authorisation matrix (issue 38): listing needs
 * registrations.read, creating and deleting events.manage; the statuses come from the table.
 */
import type { MatrixRow } from "./authorization-matrix";
import { createEvent } from "./factories";
import { trackedLinks } from "../db/schema";

export function insightsRows(): MatrixRow[] {
  return [
    {
      method: "GET",
      route: "/api/events/:id/links",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await createEvent(app.ctx.db)).id}/links` }),
    },
    {
      method: "POST",
      route: "/api/events/:id/links",
      ok: 201,
      prepare: async (app) => ({
        url: `/api/events/${(await createEvent(app.ctx.db)).id}/links`,
        body: { name: "Historia IG", slug: "historia-ig" },
      }),
    },
    {
      method: "DELETE",
      route: "/api/links/:id",
      ok: 204,
      prepare: async (app) => {
        const event = await createEvent(app.ctx.db);
        const [link] = await app.ctx.db
          .insert(trackedLinks)
          .values({ eventId: event.id, name: "Afiche", slug: "afiche" })
          .returning();
        return { url: `/api/links/${link!.id}` };
      },
    },
    {
      method: "GET",
      route: "/api/events/:id/insights",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await createEvent(app.ctx.db)).id}/insights` }),
    },
    { method: "GET", route: "/api/insights/events", ok: 200, prepare: async () => ({ url: "/api/insights/events" }) },
  ];
}
