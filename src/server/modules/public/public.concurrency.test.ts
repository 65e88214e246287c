import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations } from "../../db/schema";
import { createEvent, registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";

// docs/architecture.md invariants, on both databases: a slot never holds more than its capacity, and one
// registration per (event, e-mail), however many requests arrive at once.
const t = useTestApp();

const register = (eventId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/registrations`, payload: body });

const tally = (codes: Array<string | undefined>) =>
  codes.reduce<Record<string, number>>((acc, code) => ({ ...acc, [code ?? "?"]: (acc[code ?? "?"] ?? 0) + 1 }), {});

describe("registration under a rush", () => {
  it("200 simultaneous registrations for a slot of capacity 20: exactly 20 created, 180 timeslot_full", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 20 }, { capacity: 20 }] });
    const slot = event.timeslots[0]!;
    const responses = await Promise.all(Array.from({ length: 200 }, () => register(event.id, registrationBody(slot.id))));

    const outcome = tally(responses.map((r) => (r.statusCode === 201 ? "created" : r.json().error?.code)));
    expect(outcome).toEqual({ created: 20, timeslot_full: 180 });
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(180);
    const rows = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.timeslotId, slot.id));
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.registrationCode)).size).toBe(20);

    const shown = (await t.app.inject({ url: `/api/public/events/${event.id}` })).json();
    expect(shown.timeslots.map((s: { availableSpots: number }) => s.availableSpots)).toEqual([0, 20]);
  });

  it("the same e-mail 10 times at once: one registration, nine duplicate_registration", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 50 }] });
    const body = registrationBody(event.timeslots[0]!.id, { email: "rush@example.com" });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        register(event.id, { ...body, email: i % 2 ? "RUSH@example.com" : "rush@example.com " }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toEqual({
        code: "duplicate_registration",
        message: "Ya existe un registro con este correo electrónico para este evento.",
      });
    }
    const rows = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, event.id));
    expect(rows).toHaveLength(1);
  });
});
