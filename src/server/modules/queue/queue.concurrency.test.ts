/**
 * Rooms calling the same line at once (issue 35): each number goes to exactly one room, once. On
 * PostgreSQL from separate sessions racing for the rows; on PGlite (one connection) as concurrent
 * requests through the API.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { QueueEntry } from "@common/schemas/queue";
import { openDatabase, type Database } from "../../db/client";
import { auditLog, queueEntries } from "../../db/schema";
import { signedInAs } from "../../test/factories";
import { testDbKind } from "../../test/database";
import { useTestApp } from "../../test/harness";
import { createQueueService } from "./queue.service";
import { eventWithLine } from "./queue.test-support";

const t = useTestApp();
const onPostgres = testDbKind() === "pg";
const connections: Database[] = [];
afterAll(async () => {
  await Promise.all(connections.map((database) => database.close()));
});

const CALLS = 8;
const COUNT = 5;

/** Every number called once, each call a distinct set of COUNT, the table agreeing. */
async function expectEachNumberOnce(eventId: string, replies: QueueEntry[][]) {
  const called = replies.flat().map((entry) => entry.number);
  expect(called.sort((a, b) => a - b)).toEqual(Array.from({ length: CALLS * COUNT }, (_, i) => i + 1));
  for (const reply of replies) expect(reply).toHaveLength(COUNT);
  const rows = await t.db.select().from(queueEntries).where(eq(queueEntries.eventId, eventId));
  expect(rows.every((row) => row.state === "called" && row.callCount === 1)).toBe(true);
  const rooms = new Map(replies.flatMap((reply) => reply.map((entry) => [entry.number, entry.room] as const)));
  for (const row of rows) expect(row.room).toBe(rooms.get(row.number));
  const audited = await t.db.select().from(auditLog).where(eq(auditLog.eventId, eventId));
  expect(audited.filter((row) => row.action === "queue.call")).toHaveLength(CALLS * COUNT);
}

describe.skipIf(!onPostgres)("two rooms calling from separate sessions at once (PostgreSQL)", () => {
  it("gives each number to one room: 8 calls of 5 from 8 connections take 40 people, none twice", async () => {
    const { event } = await eventWithLine(t.db, CALLS * COUNT);
    for (let i = 0; i < CALLS; i++) connections.push(await openDatabase({ url: t.databaseUrl, poolSize: 1 }));
    const replies = await Promise.all(
      connections.map((database, i) =>
        createQueueService({ db: database.db }).call(
          event.id,
          { room: i % 2 === 0 ? "Sala 1" : "Sala 2", count: COUNT },
          { actor: null, ip: null },
        ),
      ),
    );
    await expectEachNumberOnce(
      event.id,
      replies.map((reply) => reply.called),
    );
  });
});

describe("two rooms calling at once through the API", () => {
  it("gives each number to one room: 8 calls of 5 at once take 40 people, none twice", async () => {
    const rooms = await Promise.all([signedInAs(t.app, { role: "member" }), signedInAs(t.app, { role: "admin" })]);
    const { event } = await eventWithLine(t.db, CALLS * COUNT);
    const replies = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: `/api/events/${event.id}/queue/call`,
          headers: rooms[i % 2]!.headers,
          payload: { room: `Sala ${(i % 2) + 1}`, count: COUNT },
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(CALLS).fill(200));
    await expectEachNumberOnce(
      event.id,
      replies.map((reply) => reply.json().called as QueueEntry[]),
    );
  });
});
