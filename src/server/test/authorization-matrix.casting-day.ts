/**
 * The casting day's rows of the authorisation matrix (issue 35): the line with checkins.perform, the
 * rooms' calls and marks with queue.call, the venue screens' keys with castingday.manage, and the
 * two public streams (a person's place by their link, a screen's numbers by its key). Stream rows
 * read the status from the response's head; the stream itself stays open until the app closes.
 */
import { eq } from "drizzle-orm";
import type { App } from "../app";
import { displayKeys, modelRegistrations, queueEntries } from "../db/schema";
import { registrationToken } from "../lib/registration-links";
import { newSecretToken } from "../lib/tokens";
import type { MatrixRow } from "./authorization-matrix";
import { freshRegistration } from "./authorization-matrix.fixtures";
import { createUser } from "./factories";

/** An event with one person in its line (checked in: number 1), `called` by a room or waiting. */
async function inLine(app: App, called = false) {
  const { event, registration } = await freshRegistration(app);
  await app.ctx.db
    .update(modelRegistrations)
    .set({ attended: true, attendedAt: new Date() })
    .where(eq(modelRegistrations.id, registration.id));
  if (called)
    await app.ctx.db
      .update(queueEntries)
      .set({ state: "called", room: "Sala 1", calledAt: new Date(), callCount: 1 })
      .where(eq(queueEntries.registrationId, registration.id));
  const [entry] = await app.ctx.db.select().from(queueEntries).where(eq(queueEntries.registrationId, registration.id));
  return { event, registration, entry: entry! };
}

async function displayKey(app: App) {
  const { event } = await freshRegistration(app);
  const maker = await createUser(app.ctx.db, { role: "admin" });
  const { token, hash } = newSecretToken();
  const [row] = await app.ctx.db
    .insert(displayKeys)
    .values({ eventId: event.id, name: "TV", keyHash: hash, createdBy: maker.id })
    .returning();
  return { event, id: row!.id, key: token };
}

export function castingDayRows(): MatrixRow[] {
  return [
    {
      method: "GET",
      route: "/api/events/:id/queue",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await inLine(app)).event.id}/queue` }),
    },
    {
      method: "POST",
      route: "/api/events/:id/queue/call",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await inLine(app)).event.id}/queue/call`, body: { room: "Sala 1" } }),
    },
    ...(["seen", "recall"] as const).map((action): MatrixRow => ({
      method: "POST",
      route: `/api/queue/:entryId/${action}`,
      ok: 200,
      prepare: async (app) => ({ url: `/api/queue/${(await inLine(app, true)).entry.id}/${action}` }),
    })),
    {
      method: "POST",
      route: "/api/queue/:entryId/absent",
      ok: 200,
      prepare: async (app) => ({ url: `/api/queue/${(await inLine(app, true)).entry.id}/absent`, body: { then: "back" } }),
    },
    {
      method: "GET",
      route: "/api/events/:id/queue/stream",
      ok: 200,
      stream: true,
      prepare: async (app) => ({ url: `/api/events/${(await inLine(app)).event.id}/queue/stream` }),
    },
    {
      method: "GET",
      route: "/api/public/queue/stream",
      ok: 200,
      stream: true,
      prepare: async (app) => {
        const { registration } = await inLine(app);
        return { url: `/api/public/queue/stream?t=${registrationToken(app.ctx.config, "manage", registration.id)}` };
      },
    },
    {
      method: "GET",
      route: "/api/public/events/:id/display/stream",
      ok: 200,
      stream: true,
      prepare: async (app) => {
        const { event, key } = await displayKey(app);
        return { url: `/api/public/events/${event.id}/display/stream?key=${key}` };
      },
    },
    {
      method: "POST",
      route: "/api/events/:id/display-keys",
      ok: 201,
      prepare: async (app) => ({
        url: `/api/events/${(await freshRegistration(app)).event.id}/display-keys`,
        body: { name: "TV" },
      }),
    },
    {
      method: "GET",
      route: "/api/events/:id/display-keys",
      ok: 200,
      prepare: async (app) => ({ url: `/api/events/${(await displayKey(app)).event.id}/display-keys` }),
    },
    {
      method: "DELETE",
      route: "/api/display-keys/:id",
      ok: 204,
      prepare: async (app) => ({ url: `/api/display-keys/${(await displayKey(app)).id}` }),
    },
  ];
}
