/**
 * The line's live updates in a process (issue 35, ADR 024): one read per change shared by every
 * watcher of an event, a listening connection that comes back after PostgreSQL ends it (and
 * re-reads what it missed), and a door pass's access re-checked while its phone streams.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { QueuePlace } from "@common/schemas/queue";
import { rowsOf } from "../../db/client";
import { doorPasses } from "../../db/schema";
import { LISTEN_APPLICATION_NAME } from "../../db/listen";
import { registrationToken } from "../../lib/registration-links";
import { createUser, signedInAs } from "../../test/factories";
import { testDbKind } from "../../test/database";
import { createQueueLive } from "./queue.live";
import { createQueueRepository } from "./queue.repository";
import type { QueueSnapshot } from "./queue.snapshot";
import { eventWithLine, lastOf, openStream, useStreamingApp } from "./queue.test-support";

const t = useStreamingApp();
const onPostgres = testDbKind() === "pg";

describe("the snapshots of a watched line", () => {
  it("are read once per change for all the event's watchers, and reach each of them, newest last", async () => {
    const { event } = await eventWithLine(t.db, 12);
    const repository = createQueueRepository(t.db);
    let reads = 0;
    const live = createQueueLive({
      database: t.database,
      repository: { readLine: (eventId) => (reads++, repository.readLine(eventId)) },
      log: t.app.log,
    });
    const seen: number[][] = Array.from({ length: 20 }, () => []);
    try {
      const watches = await Promise.all(
        seen.map((versions) => live.watch(event.id, (snapshot: QueueSnapshot) => versions.push(snapshot.version))),
      );
      expect(reads).toBe(1);
      expect(live.watched().get(event.id)).toBe(20);
      const { headers } = await signedInAs(t.app, { role: "member" });
      const CHANGES = 6;
      for (let i = 0; i < CHANGES; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: `/api/events/${event.id}/queue/call`,
          headers,
          payload: { room: "Sala 1", count: 2 },
        });
        expect(res.statusCode).toBe(200);
      }
      const final = (await repository.readLine(event.id))!.version;
      await expect.poll(() => seen.map((versions) => versions.at(-1))).toEqual(Array(20).fill(final));
      for (const versions of seen) expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
      // One read per change at most, whatever the number of watchers (20 each would be 120).
      expect(reads).toBeLessThanOrEqual(1 + CHANGES);
      for (const watch of watches) watch!.stop();
      expect(live.watched().has(event.id)).toBe(false);
    } finally {
      await live.close();
    }
  });

  it("is undefined for an event that does not exist", async () => {
    const live = createQueueLive({ database: t.database, repository: createQueueRepository(t.db), log: t.app.log });
    try {
      expect(await live.watch("7b0c5c1e-4a7e-4b58-9d4e-0f3f2a1b6c9d", () => {})).toBeUndefined();
      expect(live.watched().size).toBe(0);
    } finally {
      await live.close();
    }
  });
});

describe.skipIf(!onPostgres)("the listening connection ended by PostgreSQL (pg_terminate_backend)", () => {
  const listeners = async () =>
    rowsOf<{ pid: number }>(
      await t.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
      ),
    );

  it("is opened again, and the stream gets the change made while it was down and those after", async () => {
    const { event, registrations } = await eventWithLine(t.db, 3);
    const { headers } = await signedInAs(t.app, { role: "member" });
    const call = async (number: number) => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/events/${event.id}/queue/call`,
        headers,
        payload: { room: "Sala 1", number },
      });
      expect(res.statusCode).toBe(200);
    };
    const token = registrationToken(t.config, "manage", registrations[2]!.id);
    const client = await openStream(t.app, `/api/public/queue/stream?t=${token}`);
    try {
      await expect.poll(() => client.messages.length).toBe(1);
      const [listener] = await listeners();
      expect(listener).toBeDefined();
      await t.db.execute(sql`select pg_terminate_backend(${listener!.pid})`);
      // Called while the process does not listen: its notification is lost, the re-read finds it.
      await call(1);
      await expect.poll(() => lastOf<QueuePlace>(client, "place")?.ahead, { timeout: 5000 }).toBe(1);
      await expect.poll(async () => (await listeners()).map((row) => row.pid)).not.toContain(listener!.pid);
      expect(await listeners()).toHaveLength(1);
      await call(3);
      await expect.poll(() => lastOf<QueuePlace>(client, "place")?.state).toBe("called");
      expect(client.ended).toBe(false);
    } finally {
      client.close();
    }
  });
});

describe("a door pass's access, re-checked while its phone streams", () => {
  it("holds while the pass exists and has not expired", async () => {
    const { event } = await eventWithLine(t.db, 0);
    const maker = await createUser(t.db, { role: "admin" });
    const [live, expired] = await t.db
      .insert(doorPasses)
      .values([
        {
          eventId: event.id,
          name: "Puerta",
          tokenHash: `live-${event.id}`,
          createdBy: maker.id,
          expiresAt: new Date(Date.now() + 3600_000),
        },
        {
          eventId: event.id,
          name: "Ayer",
          tokenHash: `old-${event.id}`,
          createdBy: maker.id,
          expiresAt: new Date(Date.now() - 1000),
        },
      ])
      .returning();
    const repository = createQueueRepository(t.db);
    expect(await repository.doorPassLive(live!.id, new Date())).toBe(true);
    expect(await repository.doorPassLive(expired!.id, new Date())).toBe(false);
    expect(await repository.doorPassLive(live!.id, new Date(Date.now() + 2 * 3600_000))).toBe(false);
    await t.db.delete(doorPasses).where(sql`${doorPasses.id} = ${live!.id}`);
    expect(await repository.doorPassLive(live!.id, new Date())).toBe(false);
  });
});
