/**
 * The rooms' side of the line through the API (issue 35): call the next N in order, a number out of
 * turn, recall, seen, absent (back of the line or gone), the clear refusals, the audit trail, and a
 * line that outlives the app.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queueLineSchema, type QueueEntry, type QueueLine } from "@common/schemas/queue";
import { buildApp, type App } from "../../app";
import { auditLog, queueEntries } from "../../db/schema";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { eventWithLine } from "./queue.test-support";

const t = useTestApp();
let member: Record<string, string>;

beforeAll(async () => {
  member = (await signedInAs(t.app, { role: "member" })).headers;
});

const call = (eventId: string, payload: object) =>
  t.app.inject({ method: "POST", url: `/api/events/${eventId}/queue/call`, headers: member, payload });
const act = (entryId: string, action: "seen" | "recall" | "absent", payload?: object) =>
  t.app.inject({ method: "POST", url: `/api/queue/${entryId}/${action}`, headers: member, ...(payload ? { payload } : {}) });
async function lineOf(eventId: string): Promise<QueueLine> {
  const res = await t.app.inject({ method: "GET", url: `/api/events/${eventId}/queue`, headers: member });
  expect(res.statusCode, res.body).toBe(200);
  return queueLineSchema.parse(res.json());
}
const numbers = (entries: QueueEntry[]) => entries.map((entry) => entry.number);

describe("calling the line", () => {
  it("calls the next N in arrival order, 5 when not told, each number once", async () => {
    const { event, registrations } = await eventWithLine(t.db, 8);
    const before = await lineOf(event.id);
    expect(numbers(before.waiting)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(before.waiting[0]!.registration).toEqual({
      id: registrations[0]!.id,
      fullName: "Persona Número1",
      registrationCode: registrations[0]!.registrationCode,
      age: registrations[0]!.age,
    });

    const first = await call(event.id, { room: "Sala 1" });
    expect(first.statusCode, first.body).toBe(200);
    const called = first.json().called as QueueEntry[];
    expect(numbers(called)).toEqual([1, 2, 3, 4, 5]);
    for (const entry of called) expect(entry).toMatchObject({ state: "called", room: "Sala 1", callCount: 1 });
    expect(called[0]!.calledAt).not.toBeNull();

    expect(numbers((await call(event.id, { room: "Sala 2", count: 2 })).json().called)).toEqual([6, 7]);
    expect(numbers((await call(event.id, { room: "Sala 2", count: 5 })).json().called)).toEqual([8]);
    // Nobody waiting: nothing called, nothing changed.
    const versionBefore = (await lineOf(event.id)).version;
    const none = await call(event.id, { room: "Sala 1" });
    expect(none.json()).toEqual({ called: [] });

    const line = await lineOf(event.id);
    expect(line.version).toBe(versionBefore);
    expect(line.waiting).toEqual([]);
    expect(numbers(line.called).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(line.rooms).toEqual(["Sala 1", "Sala 2"]);
    // The latest call first.
    expect(line.called[0]!.number).toBe(8);
  });

  it("calls one number out of turn; 404 for a number not in the line, 409 for one no longer waiting", async () => {
    const { event } = await eventWithLine(t.db, 4);
    const res = await call(event.id, { room: "Sala 3", number: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(numbers(res.json().called)).toEqual([3]);

    const again = await call(event.id, { room: "Sala 1", number: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("queue_not_waiting");
    expect(again.json().error.message).toContain("3");

    const missing = await call(event.id, { room: "Sala 1", number: 99 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("queue_number_not_found");

    // The next in turn skip the one already called.
    expect(numbers((await call(event.id, { room: "Sala 1", count: 3 })).json().called)).toEqual([1, 2, 4]);
  });

  it("refuses a bad call with a clear 400, and an unknown event with 404", async () => {
    const { event } = await eventWithLine(t.db, 1);
    const bad = [
      {},
      { room: "" },
      { room: "Sala 1", count: 0 },
      { room: "Sala 1", count: 51 },
      { room: "Sala 1", count: 2, number: 1 },
    ];
    for (const payload of bad) {
      const res = await call(event.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
    const unknown = "7b0c5c1e-4a7e-4b58-9d4e-0f3f2a1b6c9d";
    for (const payload of [{ room: "Sala 1" }, { room: "Sala 1", number: 1 }]) {
      const res = await call(unknown, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("event_not_found");
    }
    const line = await t.app.inject({ method: "GET", url: `/api/events/${unknown}/queue`, headers: member });
    expect(line.statusCode).toBe(404);
    expect(line.json().error.code).toBe("event_not_found");
  });
});

describe("a called person", () => {
  it("is recalled (the call count and time rise), then seen", async () => {
    const { event } = await eventWithLine(t.db, 2);
    const [entry] = (await call(event.id, { room: "Sala 1", count: 1 })).json().called as QueueEntry[];
    const recalled = await act(entry!.id, "recall");
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json()).toMatchObject({ number: 1, state: "called", room: "Sala 1", callCount: 2 });
    expect(Date.parse(recalled.json().calledAt)).toBeGreaterThan(Date.parse(entry!.calledAt!));

    const seen = await act(entry!.id, "seen");
    expect(seen.json()).toMatchObject({ number: 1, state: "seen", room: "Sala 1" });
    const line = await lineOf(event.id);
    expect(line.called).toEqual([]);
    expect(line.seenCount).toBe(1);
    expect(numbers(line.waiting)).toEqual([2]);
  });

  it("absent, back: waits again at the back of the line, uncalled; absent, gone: leaves it", async () => {
    const { event } = await eventWithLine(t.db, 3);
    const [one, two] = (await call(event.id, { room: "Sala 1", count: 2 })).json().called as QueueEntry[];
    const back = await act(one!.id, "absent", { then: "back" });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ number: 1, state: "waiting", room: null, calledAt: null, callCount: 0 });
    expect(numbers((await lineOf(event.id)).waiting)).toEqual([3, 1]);

    const gone = await act(two!.id, "absent", { then: "gone" });
    expect(gone.json()).toMatchObject({ number: 2, state: "gone" });
    const line = await lineOf(event.id);
    expect(line.goneCount).toBe(1);
    // The next call takes 3, then 1 (the back of the line).
    expect(numbers((await call(event.id, { room: "Sala 1", count: 2 })).json().called)).toEqual([3, 1]);
  });

  it("is the only one seen, recalled or marked absent: 409 otherwise; 404 for an unknown place; 400 for a bad absent", async () => {
    const { event } = await eventWithLine(t.db, 1);
    const [waiting] = await t.db.select().from(queueEntries).where(eq(queueEntries.eventId, event.id));
    for (const [action, payload] of [["seen"], ["recall"], ["absent", { then: "gone" }]] as const) {
      const res = await act(waiting!.id, action, payload);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error.code).toBe("queue_entry_not_called");
    }
    const unknown = await act("7b0c5c1e-4a7e-4b58-9d4e-0f3f2a1b6c9d", "seen");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("queue_entry_not_found");
    await call(event.id, { room: "Sala 1" });
    for (const payload of [{}, { then: "later" }]) {
      const res = await act(waiting!.id, "absent", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
  });
});

describe("every change of the line", () => {
  it("raises its version by one, and is audited with the person, the number and the room", async () => {
    const { event, registrations } = await eventWithLine(t.db, 2);
    const start = (await lineOf(event.id)).version;
    const [entry] = (await call(event.id, { room: "Sala 4", count: 1 })).json().called as QueueEntry[];
    await act(entry!.id, "recall");
    await act(entry!.id, "absent", { then: "back" });
    await call(event.id, { room: "Sala 4", number: 1 });
    await act(entry!.id, "seen");
    expect((await lineOf(event.id)).version).toBe(start + 5);

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventId, event.id), eq(auditLog.registrationId, registrations[0]!.id)));
    expect(rows.map((row) => [row.action, row.details])).toEqual([
      ["queue.call", { number: 1, room: "Sala 4", outOfTurn: false }],
      ["queue.recall", { number: 1, room: "Sala 4" }],
      ["queue.absent", { number: 1, room: "Sala 4", then: "back" }],
      ["queue.call", { number: 1, room: "Sala 4", outOfTurn: true }],
      ["queue.seen", { number: 1, room: "Sala 4" }],
    ]);
    expect(new Set(rows.map((row) => row.actorRole))).toEqual(new Set(["member"]));
  });
});

describe("the rooms' pace", () => {
  it("is the first calls of the last 30 minutes per minute, from 3 of them; recalls do not count", async () => {
    const { event } = await eventWithLine(t.db, 5);
    const [entry] = (await call(event.id, { room: "Sala 1", count: 2 })).json().called as QueueEntry[];
    await act(entry!.id, "recall");
    await act(entry!.id, "absent", { then: "back" });
    expect((await lineOf(event.id)).pacePerMinute).toBeNull();
    await call(event.id, { room: "Sala 1", count: 1 });
    expect((await lineOf(event.id)).pacePerMinute).toBeCloseTo(3 / 30);
    // A call older than the window is no longer counted.
    await t.db
      .update(queueEntries)
      .set({ firstCalledAt: new Date(Date.now() - 31 * 60_000) })
      .where(and(eq(queueEntries.eventId, event.id), eq(queueEntries.number, 2)));
    expect((await lineOf(event.id)).pacePerMinute).toBeNull();
  });
});

describe("the line lives in the database", () => {
  it("is the same after the app that called is closed and another one opened on the same database", async () => {
    const { event } = await eventWithLine(t.db, 6);
    const open = async () => {
      const app = await buildApp({ config: t.config, database: t.database, logger: false });
      await app.ready();
      return { app, headers: (await signedInAs(app, { role: "member" })).headers };
    };
    const callOn = (app: App, headers: Record<string, string>, payload: object) =>
      app.inject({ method: "POST", url: `/api/events/${event.id}/queue/call`, headers, payload });

    const first = await open();
    await callOn(first.app, first.headers, { room: "Sala 1", count: 2 });
    await callOn(first.app, first.headers, { room: "Sala 2", number: 5 });
    const before = await first.app.inject({ method: "GET", url: `/api/events/${event.id}/queue`, headers: first.headers });
    await first.app.close();

    const second = await open();
    try {
      const after = await second.app.inject({ method: "GET", url: `/api/events/${event.id}/queue`, headers: second.headers });
      expect(after.json()).toEqual(before.json());
      expect(numbers(before.json().called)).toEqual([5, 1, 2]);
      expect(numbers((await callOn(second.app, second.headers, { room: "Sala 1" })).json().called)).toEqual([3, 4, 6]);
    } finally {
      await second.app.close();
    }
  });
});
