import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ScoutingEvent } from "@common/schemas/events";
import { testDbKind } from "../../test/database";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { updateBodyFrom } from "./events.test-support";
import { availableSpots, createTimeslotsRepository } from "./timeslots.repository";

const t = useTestApp();

describe("available spots", () => {
  it("is capacity minus the registrations held, never below 0", () => {
    expect(availableSpots(10, 0)).toBe(10);
    expect(availableSpots(10, 7)).toBe(3);
    expect(availableSpots(2, 2)).toBe(0);
    expect(availableSpots(1, 3)).toBe(0);
  });

  it("counts pending and confirmed registrations of that slot only", async () => {
    const repo = createTimeslotsRepository(t.db);
    const event = await createEvent(t.db, { timeslots: [{ capacity: 4 }, { capacity: 4 }] });
    const [a, b] = event.timeslots;
    await createRegistration(t.db, { eventId: event.id, timeslotId: a!.id });
    await createRegistration(t.db, { eventId: event.id, timeslotId: a!.id, status: "confirmed", emailVerified: true });
    await createRegistration(t.db, { eventId: event.id, timeslotId: b!.id });
    expect(await repo.getAvailableSpots(a!.id)).toBe(2);
    expect(await repo.getAvailableSpots(b!.id)).toBe(3);
    expect(await repo.getAvailableSpots("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("lockOne gives the locked slot's availability inside a transaction, or null", async () => {
    const repo = createTimeslotsRepository(t.db);
    const event = await createEvent(t.db, { timeslots: [{ capacity: 1, startTime: "09:00", endTime: "10:00" }] });
    const slotId = event.timeslots[0]!.id;
    const locked = await t.db.transaction(async (tx) => repo.lockOne(slotId, tx));
    expect(locked).toEqual({
      id: slotId,
      eventId: event.id,
      startTime: "09:00",
      endTime: "10:00",
      capacity: 1,
      registrationCount: 0,
      availableSpots: 1,
    });
    expect(await t.db.transaction(async (tx) => repo.lockOne("00000000-0000-4000-8000-000000000000", tx))).toBeNull();
  });
});

// PGlite runs one transaction at a time, so the race exists only on a PostgreSQL server.
describe.runIf(testDbKind() === "pg")("an edit racing a registration (PostgreSQL)", () => {
  it("waits for the registration's slot lock, then refuses to remove the now-held slot", async () => {
    const repo = createTimeslotsRepository(t.db);
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const created = await createEvent(t.db, {
      timeslots: [
        { startTime: "10:00", endTime: "11:00" },
        { startTime: "11:00", endTime: "12:00" },
      ],
    });
    const event = (await t.app.inject({ method: "GET", url: `/api/events/${created.id}`, headers })).json<ScoutingEvent>();
    const [keep, contested] = created.timeslots;

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // A registration in progress: slot locked, registration written, not yet committed.
    const registering = t.db.transaction(async (tx) => {
      await repo.lockOne(contested!.id, tx);
      await createRegistration(tx, { eventId: created.id, timeslotId: contested!.id });
      locked();
      await gate;
    });
    await lockTaken;

    const editing = t.app.inject({
      method: "PUT",
      url: `/api/events/${created.id}`,
      headers,
      payload: updateBodyFrom(event, { timeslots: [updateBodyFrom(event).timeslots.find((s) => s.id === keep!.id)!] }),
    });
    // Proceed only once the edit is blocked on a row lock.
    for (;;) {
      const result = await t.db.execute<{ n: string }>(
        sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      const rows = Array.isArray(result) ? result : (result as unknown as { rows: Array<{ n: string }> }).rows;
      if (Number(rows[0]?.n) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    await registering;

    const res = await editing;
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain("11:00 - 12:00");
    expect(res.json().error.message).toContain("1 registro");
    const after = (await t.app.inject({ method: "GET", url: `/api/events/${created.id}`, headers })).json<ScoutingEvent>();
    expect(after.timeslots.map((s) => s.id)).toEqual([keep!.id, contested!.id]);
  });
});
