/**
 * What a process keeps for the line's streams is bounded (issue 35): a client that stops reading is
 * dropped, never buffered without limit; past its cap a process answers 503; closing the app ends
 * every stream instead of waiting on them.
 */
import { connect } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { QueueLine } from "@common/schemas/queue";
import { buildApp } from "../../app";
import { modelRegistrations } from "../../db/schema";
import { signedInAs } from "../../test/factories";
import { arrive, eventWithLine, lastOf, openStream, TEST_STREAM_LIMITS, useStreamingApp } from "./queue.test-support";

const LIMITS = { ...TEST_STREAM_LIMITS, maxStreams: 3, maxBufferedBytes: 64 * 1024 };
const t = useStreamingApp(LIMITS);

const portOf = () => (t.app.server.address() as { port: number }).port;

describe("a client that stops reading", () => {
  it("is disconnected once its unsent bytes pass the bound, while a client that reads gets every change", async () => {
    const { headers } = await signedInAs(t.app, { role: "member" });
    // A line whose every message is about a megabyte: a few fill the kernel's buffers.
    const { event, registrations } = await eventWithLine(t.db, 0, 60);
    for (const person of registrations) {
      await t.db
        .update(modelRegistrations)
        .set({ fullName: `Persona ${"M".repeat(16_000)}` })
        .where(eq(modelRegistrations.id, person.id));
      await arrive(t.db, person.id);
    }
    const reader = await openStream(t.app, `/api/events/${event.id}/queue/stream`, { cookie: headers.cookie! });
    const stalled = connect({ host: "127.0.0.1", port: portOf() });
    stalled.on("error", () => {});
    await new Promise<void>((resolve) => stalled.once("connect", () => resolve()));
    stalled.write(`GET /api/events/${event.id}/queue/stream HTTP/1.1\r\nHost: localhost\r\nCookie: ${headers.cookie}\r\n\r\n`);
    // It reads the response's first bytes, then never again.
    await new Promise<void>((resolve) => stalled.once("data", () => resolve()));
    stalled.pause();
    await expect.poll(() => t.app.ctx.queueStreams.count()).toBe(2);

    for (let i = 0; i < 20 && t.app.ctx.queueStreams.count() === 2; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/events/${event.id}/queue/call`,
        headers,
        payload: { room: "Sala 1", count: 1 },
      });
      expect(res.statusCode).toBe(200);
      // The reader keeps up with every change.
      await expect.poll(() => lastOf<QueueLine>(reader, "line")?.called.length, { timeout: 5000 }).toBe(i + 1);
    }
    expect(t.app.ctx.queueStreams.count()).toBe(1);
    expect(reader.ended).toBe(false);
    stalled.destroy();
    reader.close();
    await expect.poll(() => t.app.ctx.queueStreams.count()).toBe(0);
  });
});

describe("a process's open streams", () => {
  it("are capped: past the cap a stream is refused with 503 and Retry-After, and admitted again once one closes", async () => {
    const { event } = await eventWithLine(t.db, 1);
    const made = await t.app.inject({
      method: "POST",
      url: `/api/events/${event.id}/display-keys`,
      headers: (await signedInAs(t.app, { role: "admin" })).headers,
      payload: { name: "TV" },
    });
    const key = new URL(made.json().url as string).searchParams.get("key");
    const path = `/api/public/events/${event.id}/display/stream?key=${key}`;
    const open = await Promise.all(Array.from({ length: LIMITS.maxStreams }, () => openStream(t.app, path)));
    try {
      expect(open.map((client) => client.status)).toEqual(Array(LIMITS.maxStreams).fill(200));
      const refused = await openStream(t.app, path);
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe("2");
      await expect.poll(() => refused.ended).toBe(true);
      expect(JSON.parse(refused.body).error.code).toBe("service_unavailable");

      open.pop()!.close();
      await expect.poll(() => t.app.ctx.queueStreams.count()).toBe(LIMITS.maxStreams - 1);
      const admitted = await openStream(t.app, path);
      expect(admitted.status).toBe(200);
      open.push(admitted);
    } finally {
      for (const client of open) client.close();
    }
    await expect.poll(() => t.app.ctx.queueStreams.count()).toBe(0);
  });

  it("are cut by no time-out of the server (the proxies' heartbeat rule is theirs), and answer no HEAD", async () => {
    expect(t.app.server.requestTimeout).toBe(0);
    expect(t.app.server.timeout).toBe(0);
    const { event } = await eventWithLine(t.db, 1);
    const head = await t.app.inject({ method: "HEAD", url: `/api/events/${event.id}/queue/stream` });
    expect(head.statusCode).toBe(404);
  });

  it("end when the app closes, which does not wait for them", async () => {
    const app = await buildApp({ config: t.config, database: t.database, logger: false, streamLimits: LIMITS });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { headers } = await signedInAs(app, { role: "member" });
    const { event } = await eventWithLine(t.db, 1);
    const client = await openStream(app, `/api/events/${event.id}/queue/stream`, { cookie: headers.cookie! });
    await expect.poll(() => client.messages.length).toBe(1);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await expect.poll(() => client.ended).toBe(true);
  });
});
