/**
 * The line's numbers are the database's (migration 0025, ADR 024): whatever statement records an
 * arrival, the person takes the event's next number once; undoing the arrival or cancelling takes a
 * waiting person out; each change notifies `queue_changes` with the event's new version.
 */
import { and, asc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { todayIso } from "@common/dates";
import { openDatabase, type Database } from "./client";
import { modelRegistrations, queueEntries, scoutingEvents } from "./schema";
import { createEvent, createRegistration } from "../test/factories";
import { testDbKind } from "../test/database";
import { useTestApp } from "../test/harness";

const t = useTestApp();
const onPostgres = testDbKind() === "pg";
const connections: Database[] = [];
afterAll(async () => {
  await Promise.all(connections.map((database) => database.close()));
});

async function eventWith(people: number) {
  const event = await createEvent(t.db, {
    eventDate: todayIso(),
    timeslots: [{ startTime: "00:00", endTime: "23:59", capacity: 500 }],
  });
  const registrations = [];
  for (let i = 0; i < people; i++)
    registrations.push(await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id }));
  return { event, registrations };
}

const arrive = (db: Database["db"], id: string) =>
  db.update(modelRegistrations).set({ attended: true, attendedAt: new Date() }).where(eq(modelRegistrations.id, id));

const lineOf = (eventId: string) =>
  t.db.select().from(queueEntries).where(eq(queueEntries.eventId, eventId)).orderBy(asc(queueEntries.number));

describe("an arrival takes the event's next number", () => {
  it("numbers arrivals 1, 2, 3 in order, once each, and raises the version", async () => {
    const { event, registrations } = await eventWith(3);
    for (const r of registrations) await arrive(t.db, r.id);
    // A second write of the arrival time (a repeated scan) gives no second number.
    await t.db.update(modelRegistrations).set({ attendedAt: new Date() }).where(eq(modelRegistrations.id, registrations[0]!.id));
    const line = await lineOf(event.id);
    expect(line.map((e) => [e.registrationId, e.number, e.state])).toEqual(registrations.map((r, i) => [r.id, i + 1, "waiting"]));
    const [row] = await t.db.select().from(scoutingEvents).where(eq(scoutingEvents.id, event.id));
    expect(row!.queueLastNumber).toBe(3);
    expect(row!.queueVersion).toBe(3);
  });

  it("gives no number to a registration without an arrival, nor to 'Asistió' ticked without one", async () => {
    const { event, registrations } = await eventWith(1);
    await t.db.update(modelRegistrations).set({ attended: true }).where(eq(modelRegistrations.id, registrations[0]!.id));
    expect(await lineOf(event.id)).toEqual([]);
  });

  it("takes a waiting person out when the arrival is undone or the registration cancelled; the number is not reused", async () => {
    const { event, registrations } = await eventWith(3);
    for (const r of registrations) await arrive(t.db, r.id);
    await t.db
      .update(modelRegistrations)
      .set({ attended: false, attendedAt: null })
      .where(eq(modelRegistrations.id, registrations[0]!.id));
    await t.db
      .update(modelRegistrations)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(modelRegistrations.id, registrations[1]!.id));
    expect((await lineOf(event.id)).map((e) => e.number)).toEqual([3]);
    // Back at the door: a new number, after everyone's.
    await arrive(t.db, registrations[0]!.id);
    expect((await lineOf(event.id)).map((e) => [e.registrationId, e.number])).toEqual([
      [registrations[2]!.id, 3],
      [registrations[0]!.id, 4],
    ]);
  });

  it("keeps a called person's place when the arrival is undone (the room has them)", async () => {
    const { event, registrations } = await eventWith(1);
    await arrive(t.db, registrations[0]!.id);
    await t.db.update(queueEntries).set({ state: "called", room: "Sala 1" }).where(eq(queueEntries.eventId, event.id));
    await t.db
      .update(modelRegistrations)
      .set({ attended: false, attendedAt: null })
      .where(eq(modelRegistrations.id, registrations[0]!.id));
    expect((await lineOf(event.id)).map((e) => e.state)).toEqual(["called"]);
  });
});

describe.skipIf(!onPostgres)("arrivals from 20 connections at once (PostgreSQL)", () => {
  it("gives 20 different numbers, 1 to 20, and notifies each version once committed", async () => {
    const { event, registrations } = await eventWith(20);
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const notified: string[] = [];
    listener.on("notification", (message) => {
      if (message.channel === "queue_changes") notified.push(message.payload ?? "");
    });
    await listener.query("LISTEN queue_changes");
    try {
      for (let i = 0; i < 20; i++) connections.push(await openDatabase({ url: t.databaseUrl, poolSize: 1 }));
      await Promise.all(connections.map((database, i) => arrive(database.db, registrations[i]!.id)));
      const line = await lineOf(event.id);
      expect(line.map((e) => e.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      await expect.poll(() => notified.filter((n) => n.startsWith(`${event.id}:`)).length).toBe(20);
      const versions = notified.filter((n) => n.startsWith(`${event.id}:`)).map((n) => Number(n.split(":")[1]));
      expect(new Set(versions)).toEqual(new Set(Array.from({ length: 20 }, (_, i) => i + 1)));
    } finally {
      await listener.end();
    }
  });

  it("notifies nothing for a change that rolls back", async () => {
    const { event, registrations } = await eventWith(1);
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const notified: string[] = [];
    listener.on("notification", (message) => notified.push(message.payload ?? ""));
    await listener.query("LISTEN queue_changes");
    try {
      await expect(
        t.db.transaction(async (tx) => {
          await arrive(tx as unknown as Database["db"], registrations[0]!.id);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      await listener.query("select 1");
      expect(notified.filter((n) => n.startsWith(event.id))).toEqual([]);
      expect(
        await t.db
          .select()
          .from(queueEntries)
          .where(and(eq(queueEntries.eventId, event.id))),
      ).toEqual([]);
    } finally {
      await listener.end();
    }
  });
});
