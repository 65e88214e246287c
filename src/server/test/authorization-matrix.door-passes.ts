/**
 * The door passes' and walk-ins' rows of the authorisation matrix (issue 35): making, listing and
 * revoking passes and the walk-in poster need castingday.manage (admin+); signing in with a pass and
 * out of it are anyone's (the sign-in with a live pass's link, from this site). What a pass itself
 * may call: door-passes.routes.test.ts.
 */
import type { App } from "../app";
import { doorPasses } from "../db/schema";
import { newSecretToken } from "../lib/tokens";
import type { MatrixRow } from "./authorization-matrix";
import { createEvent, createUser } from "./factories";

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);

/** A live pass of a fresh event, made by a fresh admin; its id and its link's secret. */
async function livePass(app: App) {
  const event = await createEvent(app.ctx.db);
  const maker = await createUser(app.ctx.db, { role: "admin" });
  const { token, hash } = newSecretToken();
  const [row] = await app.ctx.db
    .insert(doorPasses)
    .values({ eventId: event.id, name: "Puerta", tokenHash: hash, createdBy: maker.id, expiresAt: inHours(4) })
    .returning();
  return { id: row!.id, secret: token };
}

export function doorPassRows(): MatrixRow[] {
  return [
    {
      method: "POST",
      route: "/api/events/:id/door-passes",
      ok: 201,
      prepare: async (app) => ({
        url: `/api/events/${(await createEvent(app.ctx.db)).id}/door-passes`,
        body: { name: "Lucía", expiresAt: inHours(8).toISOString() },
      }),
    },
    {
      method: "GET",
      route: "/api/events/:id/door-passes",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await createEvent(app.ctx.db)).id}/door-passes` }),
    },
    {
      method: "DELETE",
      route: "/api/door-passes/:id",
      ok: 204,
      prepare: async (app) => ({ url: `/api/door-passes/${(await livePass(app)).id}` }),
    },
    {
      method: "POST",
      route: "/api/door-passes/sign-in",
      ok: 200,
      prepare: async (app) => ({ url: "/api/door-passes/sign-in", body: { token: (await livePass(app)).secret } }),
    },
    { method: "POST", route: "/api/door-passes/sign-out", ok: 204 },
    {
      method: "GET",
      route: "/api/events/:id/walk-in-poster.pdf",
      ok: 200,
      prepare: async (app) => ({
        url: `/api/events/${(await createEvent(app.ctx.db, { walkInsEnabled: true })).id}/walk-in-poster.pdf`,
      }),
    },
  ];
}
