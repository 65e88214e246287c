import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createEvent, createRegistration } from "../test/factories";
import { useTestApp } from "../test/harness";
import { pgConstraint, pgErrorCode, PG_CHECK_VIOLATION, PG_FOREIGN_KEY_VIOLATION } from "./client";
import { eventTimeslots, modelRegistrations } from "./schema";

// Migrations 0002 and 0004 (ADR 007): the database keeps each slot's registered_count and refuses
// any statement that would put a slot past its capacity, whoever writes the registrations; and a
// registration's slot is always a slot of its event.
const t = useTestApp();

async function counts(...slotIds: string[]): Promise<number[]> {
  const rows = await t.db
    .select({ id: eventTimeslots.id, n: eventTimeslots.registeredCount })
    .from(eventTimeslots)
    .where(inArray(eventTimeslots.id, slotIds));
  return slotIds.map((id) => rows.find((row) => row.id === id)?.n ?? NaN);
}

async function expectFull(write: Promise<unknown>) {
  const error = await write.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the write should have been refused").toBeDefined();
  expect(pgErrorCode(error)).toBe(PG_CHECK_VIOLATION);
  expect(pgConstraint(error)).toBe("event_timeslots_within_capacity");
}

describe("a registration's slot", () => {
  it("is a slot of the registration's event: another event's slot is refused, on insert and on a move", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 5 }] });
    const other = await createEvent(t.db, { timeslots: [{ capacity: 5 }] });
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => undefined,
        (e: unknown) => pgErrorCode(e),
      );
    expect(await refusal(createRegistration(t.db, { eventId: event.id, timeslotId: other.timeslots[0]!.id }))).toBe(
      PG_FOREIGN_KEY_VIOLATION,
    );
    const kept = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    expect(
      await refusal(
        t.db.update(modelRegistrations).set({ timeslotId: other.timeslots[0]!.id }).where(eq(modelRegistrations.id, kept.id)),
      ),
    ).toBe(PG_FOREIGN_KEY_VIOLATION);
    expect(await counts(event.timeslots[0]!.id, other.timeslots[0]!.id)).toEqual([1, 0]);
  });
});

describe("a cancelled registration (migration 0008)", () => {
  it("leaves its slot's count, takes no spot when moved or deleted, and counts again only if the slot has room", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 1 }, { capacity: 1 }] });
    const [a, b] = event.timeslots as [(typeof event.timeslots)[0], (typeof event.timeslots)[0]];
    const first = await createRegistration(t.db, { eventId: event.id, timeslotId: a.id });
    const cancel = (id: string) =>
      t.db.update(modelRegistrations).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(modelRegistrations.id, id));
    await cancel(first.id);
    expect(await counts(a.id, b.id)).toEqual([0, 0]);
    // Its spot is free at once, and the same person may register again.
    const again = await createRegistration(t.db, { eventId: event.id, timeslotId: a.id, email: first.email });
    expect(await counts(a.id, b.id)).toEqual([1, 0]);
    // A cancelled row moved, edited or deleted changes no count.
    await t.db.update(modelRegistrations).set({ timeslotId: b.id, rating: 3 }).where(eq(modelRegistrations.id, first.id));
    expect(await counts(a.id, b.id)).toEqual([1, 0]);
    await t.db.delete(modelRegistrations).where(eq(modelRegistrations.id, first.id));
    expect(await counts(a.id, b.id)).toEqual([1, 0]);
    // A cancelled row inserted as such counts nowhere; brought back into a full slot it is refused.
    const inserted = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: a.id,
      status: "cancelled",
      cancelledAt: new Date(),
    });
    expect(await counts(a.id, b.id)).toEqual([1, 0]);
    await expectFull(
      t.db
        .update(modelRegistrations)
        .set({ status: "confirmed", cancelledAt: null })
        .where(eq(modelRegistrations.id, inserted.id)),
    );
    await cancel(again.id);
    expect(await counts(a.id, b.id)).toEqual([0, 0]);
    // A cancelled row always says when: the status without its time is refused.
    const error = await t.db
      .update(modelRegistrations)
      .set({ cancelledAt: null })
      .where(eq(modelRegistrations.id, inserted.id))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(pgErrorCode(error)).toBe(PG_CHECK_VIOLATION);
  });

  it("leaves the e-mail free only while cancelled: two live registrations of one e-mail are still refused", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 5 }] });
    const slot = event.timeslots[0]!;
    const first = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
    const error = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id, email: first.email }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(pgConstraint(error)).toBe("model_registrations_event_email_uq");
  });
});

describe("slot capacity kept by the database", () => {
  it("counts inserts and refuses the one past the capacity", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 2 }] });
    const slot = event.timeslots[0]!;
    await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
    await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
    expect(await counts(slot.id)).toEqual([2]);

    await expectFull(createRegistration(t.db, { eventId: event.id, timeslotId: slot.id }));
    expect(await counts(slot.id)).toEqual([2]);
    expect(await t.db.$count(modelRegistrations, eq(modelRegistrations.timeslotId, slot.id))).toBe(2);
  });

  it("refuses a many-row insert that would overfill a slot, keeping none of its rows", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 3 }, { capacity: 3 }] });
    const [a, b] = event.timeslots as [(typeof event.timeslots)[0], (typeof event.timeslots)[0]];
    await createRegistration(t.db, { eventId: event.id, timeslotId: a.id });
    const base = await createRegistration(t.db, { eventId: event.id, timeslotId: b.id });
    const copies = (slotId: string, n: number) =>
      Array.from({ length: n }, (_, i) => {
        const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = base;
        return {
          ...rest,
          timeslotId: slotId,
          email: `bulk-${slotId.slice(0, 8)}-${i}@example.com`,
          registrationCode: `OC-B${slotId.slice(0, 4)}${i}`,
        };
      });
    await expectFull(t.db.insert(modelRegistrations).values([...copies(b.id, 2), ...copies(a.id, 3)]));
    expect(await counts(a.id, b.id)).toEqual([1, 1]);

    await t.db.insert(modelRegistrations).values([...copies(b.id, 2), ...copies(a.id, 2)]);
    expect(await counts(a.id, b.id)).toEqual([3, 3]);
  });

  it("gives the spot back on delete, and moves it with a registration that changes slot", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 1 }, { capacity: 1 }] });
    const [a, b] = event.timeslots as [(typeof event.timeslots)[0], (typeof event.timeslots)[0]];
    const first = await createRegistration(t.db, { eventId: event.id, timeslotId: a.id });
    expect(await counts(a.id, b.id)).toEqual([1, 0]);

    await t.db.update(modelRegistrations).set({ timeslotId: b.id }).where(eq(modelRegistrations.id, first.id));
    expect(await counts(a.id, b.id)).toEqual([0, 1]);

    // Edits that leave the slot alone (even naming it in the SET) change no count.
    await t.db
      .update(modelRegistrations)
      .set({ timeslotId: b.id, liked: true, rating: 4 })
      .where(eq(modelRegistrations.id, first.id));
    expect(await counts(a.id, b.id)).toEqual([0, 1]);

    const second = await createRegistration(t.db, { eventId: event.id, timeslotId: a.id });
    await expectFull(t.db.update(modelRegistrations).set({ timeslotId: b.id }).where(eq(modelRegistrations.id, second.id)));
    expect(await counts(a.id, b.id)).toEqual([1, 1]);

    // Two registrations swapping slots in one statement: both full slots stay full, nothing refused.
    await t.db.execute(sql`
      update model_registrations set timeslot_id = case when timeslot_id = ${a.id}::uuid then ${b.id}::uuid else ${a.id}::uuid end
      where id in (${first.id}::uuid, ${second.id}::uuid)`);
    expect(await counts(a.id, b.id)).toEqual([1, 1]);

    await t.db.delete(modelRegistrations).where(eq(modelRegistrations.id, first.id)); // now in a
    expect(await counts(a.id, b.id)).toEqual([0, 1]);
    await createRegistration(t.db, { eventId: event.id, timeslotId: a.id });
    expect(await counts(a.id, b.id)).toEqual([1, 1]);
  });

  it("takes nothing more into a slot whose capacity was lowered below its count, and still lets it shrink", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 3 }] });
    const slot = event.timeslots[0]!;
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id }));
    await t.db.update(eventTimeslots).set({ capacity: 1 }).where(eq(eventTimeslots.id, slot.id));

    await expectFull(createRegistration(t.db, { eventId: event.id, timeslotId: slot.id }));
    await t.db.delete(modelRegistrations).where(eq(modelRegistrations.id, held[0]!.id));
    expect(await counts(slot.id)).toEqual([2]);
    await expectFull(createRegistration(t.db, { eventId: event.id, timeslotId: slot.id }));
  });
});

describe("cancelRegistration", () => {
  it("cancels a live registration once: a second cancel changes nothing and says so", async () => {
    const { cancelRegistration } = await import("../modules/registrations/registrations.cancel");
    const event = await createEvent(t.db, { timeslots: [{ capacity: 1 }] });
    const slot = event.timeslots[0]!;
    const r = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
    const results = await Promise.all([
      cancelRegistration(t.db, t.config, r.id, "registrant"),
      cancelRegistration(t.db, t.config, r.id, "staff"),
    ]);
    expect(results.filter(Boolean)).toEqual([{ id: r.id, eventId: event.id, timeslotId: slot.id }]);
    expect(await counts(slot.id)).toEqual([0]);
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, r.id));
    expect(row).toMatchObject({ status: "cancelled", cancelledAt: expect.any(Date) });
  });
});
