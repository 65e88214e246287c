/** The review panel's rows of the authorisation matrix (issue 23). */
import { randomUUID } from "node:crypto";
import type { App } from "../app";
import { tags } from "../db/schema";
import type { MatrixRow } from "./authorization-matrix";

/**
 * The panel: members (and above) score, write notes, tag registrants and read the panel and the
 * related registrations; admins move stages and define tags.
 */
export function panelRows(freshRegistration: (app: App) => Promise<{ registration: { id: string } }>): MatrixRow[] {
  const one = (suffix: string, body?: unknown) => async (app: App) => ({
    url: `/api/registrations/${(await freshRegistration(app)).registration.id}${suffix}`,
    body,
  });
  const freshTag = async (app: App) => {
    const [tag] = await app.ctx.db
      .insert(tags)
      .values({ name: `Etiqueta ${randomUUID().slice(0, 8)}` })
      .returning();
    return tag!;
  };
  return [
    {
      method: "PUT",
      route: "/api/registrations/:id/my-score",
      ok: 200,
      prepare: one("/my-score", { score: 4 }),
    },
    {
      method: "POST",
      route: "/api/registrations/:id/stage",
      ok: 200,
      prepare: one("/stage", { stage: "shortlisted" }),
    },
    { method: "PUT", route: "/api/registrations/:id/tags", ok: 200, prepare: one("/tags", { tagIds: [] }) },
    { method: "GET", route: "/api/registrations/:id/panel", ok: 200, prepare: one("/panel") },
    { method: "GET", route: "/api/registrations/:id/related", ok: 200, prepare: one("/related") },
    { method: "GET", route: "/api/tags", ok: 200 },
    {
      method: "POST",
      route: "/api/tags",
      ok: 201,
      prepare: async () => ({ url: "/api/tags", body: { name: `Nueva ${randomUUID().slice(0, 8)}` } }),
    },
    {
      method: "PATCH",
      route: "/api/tags/:id",
      ok: 200,
      prepare: async (app) => ({
        url: `/api/tags/${(await freshTag(app)).id}`,
        body: { name: `Otra ${randomUUID().slice(0, 8)}` },
      }),
    },
    {
      method: "DELETE",
      route: "/api/tags/:id",
      ok: 204,
      prepare: async (app) => ({ url: `/api/tags/${(await freshTag(app)).id}` }),
    },
  ];
}
