import { describe, expect, it } from "vitest";
import type { ScoutingEvent } from "@common/schemas/events";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { eventBody } from "./events.test-support";

const t = useTestApp();

async function admin() {
  return signedInAs(t.app, { role: "admin" });
}

describe("POST /api/events", () => {
  it("creates an active event with its slots, a generated Event ID and its creator", async () => {
    const { user, headers } = await admin();
    const res = await t.app.inject({ method: "POST", url: "/api/events", headers, payload: eventBody() });
    expect(res.statusCode).toBe(201);
    const event = res.json<ScoutingEvent>();
    expect(event).toMatchObject({
      eventName: "Casting de otoño",
      eventDate: "2026-03-05",
      location: "Av. Corrientes 1234, CABA",
      description: "Casting abierto para nuevas caras.",
      confirmationDetails: "Traé tu ficha impresa.",
      status: "active",
      createdBy: user.id,
      registrationCount: 0,
    });
    expect(event.scoutingId).toMatch(/^EV-2026-\d{4}$/);
    expect(event.timeslots).toEqual([
      { id: expect.any(String), startTime: "10:00", endTime: "11:00", capacity: 10, registrationCount: 0, availableSpots: 10 },
      { id: expect.any(String), startTime: "11:00", endTime: "12:00", capacity: 5, registrationCount: 0, availableSpots: 5 },
    ]);

    const read = await t.app.inject({ method: "GET", url: `/api/events/${event.id}`, headers });
    expect(read.json()).toEqual(event);
  });

  it("gives every event a unique, increasing Event ID with the year of its date", async () => {
    const { headers } = await admin();
    const ids: string[] = [];
    for (const eventDate of ["2026-03-05", "2027-01-10", "2026-12-31"]) {
      const res = await t.app.inject({ method: "POST", url: "/api/events", headers, payload: eventBody({ eventDate }) });
      ids.push(res.json<ScoutingEvent>().scoutingId);
    }
    expect(ids[0]).toMatch(/^EV-2026-\d{4}$/);
    expect(ids[1]).toMatch(/^EV-2027-\d{4}$/);
    expect(ids[2]).toMatch(/^EV-2026-\d{4}$/);
    const numbers = ids.map((id) => Number(id.slice(-4)));
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);
    expect(numbers[2]).toBeGreaterThan(numbers[1]!);
  });

  it("treats description and confirmation details as optional and trims the texts", async () => {
    const { headers } = await admin();
    const { description: _d, confirmationDetails: _c, ...rest } = eventBody();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers,
      payload: { ...rest, eventName: "  Casting sin detalles  " },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ eventName: "Casting sin detalles", description: "", confirmationDetails: "" });
  });

  it("ignores a status and slot ids sent on create: new events are active", async () => {
    const { headers } = await admin();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers,
      payload: { ...eventBody(), status: "inactive" },
    });
    expect(res.json()).toMatchObject({ status: "active" });
  });

  it.each([
    ["no name", { eventName: "   " }, "eventName"],
    ["no date", { eventDate: "" }, "eventDate"],
    ["an impossible date", { eventDate: "2026-02-30" }, "eventDate"],
    ["a date-time", { eventDate: "2026-03-05T00:00:00Z" }, "eventDate"],
    ["no location", { location: "" }, "location"],
    ["no slot", { timeslots: [] }, "timeslots"],
    ["capacity 0", { timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 0 }] }, "timeslots.0.capacity"],
    ["a fractional capacity", { timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 1.5 }] }, "timeslots.0.capacity"],
    ["a capacity as text", { timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: "10" }] }, "timeslots.0.capacity"],
    ["no start time", { timeslots: [{ startTime: "", endTime: "11:00", capacity: 1 }] }, "timeslots.0.startTime"],
    ["an impossible end time", { timeslots: [{ startTime: "10:00", endTime: "25:00", capacity: 1 }] }, "timeslots.0.endTime"],
  ])("refuses %s with 400 validation_failed naming the field", async (_label, override, field) => {
    const { headers } = await admin();
    const res = await t.app.inject({ method: "POST", url: "/api/events", headers, payload: { ...eventBody(), ...override } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe("validation_failed");
    expect(Object.keys(body.error.fields)).toContain(field);
  });

  it("accepts an end before the start and capacity 1 (docs/product.md §5: no such check)", async () => {
    const { headers } = await admin();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers,
      payload: eventBody({ timeslots: [{ startTime: "18:00", endTime: "09:00", capacity: 1 }] }),
    });
    expect(res.statusCode).toBe(201);
  });

  it("creates nothing when the request is refused", async () => {
    const { headers } = await admin();
    const before = (await t.app.inject({ method: "GET", url: "/api/events", headers })).json<unknown[]>().length;
    await t.app.inject({ method: "POST", url: "/api/events", headers, payload: eventBody({ timeslots: [] }) });
    const member = await signedInAs(t.app, { role: "member" });
    await t.app.inject({ method: "POST", url: "/api/events", headers: member.headers, payload: eventBody() });
    const after = (await t.app.inject({ method: "GET", url: "/api/events", headers })).json<unknown[]>().length;
    expect(after).toBe(before);
  });
});
