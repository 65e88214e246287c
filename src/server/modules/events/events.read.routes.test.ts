import { beforeAll, describe, expect, it } from "vitest";
import type { EventSummary, ScoutingEvent } from "@common/schemas/events";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();
let headers: Record<string, string>;

beforeAll(async () => {
  // A member may read events.
  headers = (await signedInAs(t.app, { role: "member" })).headers;
});

describe("GET /api/events", () => {
  it("lists events by event date with their registration counts and computed available spots", async () => {
    const later = await createEvent(t.db, { eventDate: "2026-06-01", eventName: "Junio" });
    const earlier = await createEvent(t.db, {
      eventDate: "2026-03-05",
      eventName: "Marzo",
      timeslots: [
        { startTime: "09:00", capacity: 2 },
        { startTime: "08:00", endTime: "09:00", capacity: 4 },
      ],
    });
    const inactive = await createEvent(t.db, { eventDate: "2026-04-10", eventName: "Abril", status: "inactive" });
    const [nine, eight] = earlier.timeslots;
    await createRegistration(t.db, { eventId: earlier.id, timeslotId: nine!.id });
    await createRegistration(t.db, { eventId: earlier.id, timeslotId: nine!.id });
    await createRegistration(t.db, { eventId: earlier.id, timeslotId: eight!.id });

    const res = await t.app.inject({ method: "GET", url: "/api/events", headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<ScoutingEvent[]>();
    expect(list.map((e) => e.eventName)).toEqual(["Marzo", "Abril", "Junio"]);
    const marzo = list[0]!;
    expect(marzo.registrationCount).toBe(3);
    // Slots come ordered by start time, each with capacity − registrations held.
    expect(marzo.timeslots).toEqual([
      { id: eight!.id, startTime: "08:00", endTime: "09:00", capacity: 4, registrationCount: 1, availableSpots: 3 },
      { id: nine!.id, startTime: "09:00", endTime: "11:00", capacity: 2, registrationCount: 2, availableSpots: 0 },
    ]);
    expect(list.find((e) => e.id === inactive.id)).toMatchObject({ status: "inactive", registrationCount: 0 });
    expect(list.find((e) => e.id === later.id)?.timeslots).toHaveLength(1);
  });

  it("?fields=summary lists id, Event ID, name, date and status, newest first", async () => {
    const first = await createEvent(t.db, { eventName: "Primero" });
    const second = await createEvent(t.db, { eventName: "Segundo" });
    const res = await t.app.inject({ method: "GET", url: "/api/events?fields=summary", headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<EventSummary[]>();
    const ids = list.map((e) => e.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.find((e) => e.id === first.id)).toEqual({
      id: first.id,
      scoutingId: first.scoutingId,
      eventName: "Primero",
      eventDate: "2026-03-05",
      status: "active",
    });
  });

  it("refuses an unknown fields value", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/events?fields=everything", headers });
    expect(res.statusCode).toBe(400);
  });
});

describe("GET /api/events/:id", () => {
  it("answers 404 event_not_found for an unknown id and 400 for a malformed one", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/events/00000000-0000-4000-8000-000000000000", headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("event_not_found");
    const malformed = await t.app.inject({ method: "GET", url: "/api/events/not-a-uuid", headers });
    expect(malformed.statusCode).toBe(400);
  });
});
