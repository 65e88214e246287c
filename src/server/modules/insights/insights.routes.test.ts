/**
 * Insights (issue 38): every figure against hand-counted fixtures, hours and days in Buenos Aires
 * time (UTC−3), and an erased registration leaving no trace.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { waitlistEntries } from "../../db/schema";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();
const at = (iso: string) => new Date(iso);

async function fixtures(headers: Record<string, string>) {
  const event = await createEvent(t.db, {
    eventDate: "2025-07-14",
    timeslots: [
      { startTime: "10:00", endTime: "11:00", capacity: 10 },
      { startTime: "11:00", endTime: "12:00", capacity: 5 },
    ],
  });
  const [a, b] = event.timeslots.map((slot) => slot.id) as [string, string];
  const base = { eventId: event.id };
  // 2025-07-01 02:30 UTC is 2025-06-30 23:30 in Buenos Aires: the previous day there.
  const r1 = await createRegistration(t.db, {
    ...base,
    timeslotId: a,
    source: "historia-ig",
    emailVerified: true,
    attended: true,
    attendedAt: at("2025-07-14T13:07:00Z"),
    stage: "signed",
    age: 17,
    height: 172,
    createdAt: at("2025-07-01T02:30:00Z"),
  });
  // Shortlisted once, discarded since: still counted as shortlisted.
  const r2 = await createRegistration(t.db, {
    ...base,
    timeslotId: a,
    source: "historia-ig",
    emailVerified: true,
    attended: true,
    attendedAt: at("2025-07-14T13:14:00Z"),
    age: 18,
    height: 174,
    createdAt: at("2025-07-01T03:10:00Z"),
  });
  for (const stage of ["shortlisted", "discarded"]) {
    const moved = await t.app.inject({ method: "POST", url: `/api/registrations/${r2.id}/stage`, headers, payload: { stage } });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  await createRegistration(t.db, {
    ...base,
    timeslotId: a,
    source: "whatsapp",
    emailVerified: true,
    stage: "callback",
    age: 18,
    height: 180,
    createdAt: at("2025-07-01T03:20:00Z"),
  });
  await createRegistration(t.db, {
    ...base,
    timeslotId: b,
    attended: true,
    attendedAt: at("2025-07-14T14:16:00Z"),
    age: 20,
    height: 165,
    createdAt: at("2025-07-01T03:40:00Z"),
  });
  // Cancelled: out of every figure.
  await createRegistration(t.db, {
    ...base,
    timeslotId: b,
    source: "whatsapp",
    status: "cancelled",
    cancelledAt: new Date(),
    emailVerified: true,
    stage: "signed",
    age: 25,
    height: 185,
    createdAt: at("2025-07-01T03:45:00Z"),
  });
  // To be erased, with a waiting-list entry of its address elsewhere in the event.
  const erased = await createRegistration(t.db, {
    ...base,
    timeslotId: b,
    source: "afiche",
    emailVerified: true,
    attended: true,
    attendedAt: at("2025-07-14T13:20:00Z"),
    stage: "shortlisted",
    age: 30,
    height: 190,
    createdAt: at("2025-07-01T03:50:00Z"),
  });
  const entry = (email: string, status: "waiting" | "accepted" | "declined" | "expired", offered: boolean) => ({
    eventId: event.id,
    timeslotId: b,
    email,
    fullName: "En espera",
    registrant: {} as never,
    status,
    tokenHash: randomUUID(),
    offeredAt: offered ? at("2025-07-10T12:00:00Z") : null,
    createdAt: at("2025-07-02T12:00:00Z"),
  });
  await t.db
    .insert(waitlistEntries)
    .values([
      entry("espera1@example.com", "waiting", false),
      entry("espera2@example.com", "accepted", true),
      entry("espera3@example.com", "expired", true),
      entry("espera4@example.com", "declined", true),
      entry(erased.email, "declined", true),
    ]);
  return { event, erased, r1 };
}

const FUNNEL = { registered: 4, emailConfirmed: 3, came: 3, shortlisted: 3, callback: 2, signed: 1 };

describe("GET /api/events/:id/insights (issue 38)", () => {
  it("answers every figure as counted by hand, in Buenos Aires time, with no trace of an erased registration", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const { event, erased } = await fixtures(headers);
    const erase = await t.app.inject({ method: "POST", url: `/api/registrations/${erased.id}/erase`, headers });
    expect(erase.statusCode).toBe(204);

    const res = await t.app.inject({ url: `/api/events/${event.id}/insights`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ eventId: event.id, timeZone: "America/Argentina/Buenos_Aires" });
    expect(body.timeline).toEqual({
      unit: "hour",
      capacity: 15,
      points: [
        { at: "2025-06-30T23:00", registrations: 1, cumulative: 1 },
        { at: "2025-07-01T00:00", registrations: 3, cumulative: 4 },
      ],
    });
    expect(body.funnel).toEqual(FUNNEL);
    expect(body.bySource).toEqual([
      { source: "historia-ig", registered: 2, emailConfirmed: 2, came: 2, shortlisted: 2, callback: 1, signed: 1 },
      { source: "whatsapp", registered: 1, emailConfirmed: 1, came: 0, shortlisted: 1, callback: 1, signed: 0 },
      { source: null, registered: 1, emailConfirmed: 0, came: 1, shortlisted: 0, callback: 0, signed: 0 },
    ]);
    expect(body.slots).toEqual([
      { id: event.timeslots[0]!.id, startTime: "10:00", endTime: "11:00", capacity: 10, registered: 3, came: 2, noShows: 1 },
      { id: event.timeslots[1]!.id, startTime: "11:00", endTime: "12:00", capacity: 5, registered: 1, came: 1, noShows: 0 },
    ]);
    expect(body.waitlist).toEqual({ waiting: 1, offered: 3, accepted: 1, letGo: 2, removed: 0 });
    expect(body.ages).toEqual([
      { age: 17, count: 1 },
      { age: 18, count: 2 },
      { age: 20, count: 1 },
    ]);
    expect(body.heights).toEqual([
      { from: 165, count: 1 },
      { from: 170, count: 2 },
      { from: 180, count: 1 },
    ]);
    // 13:07 and 13:14 UTC are 10:07 and 10:14 there; 14:16 is 11:16 (the erased 13:20 arrival is gone).
    expect(body.door).toEqual({
      arrivals: [
        { at: "2025-07-14T10:00", count: 2 },
        { at: "2025-07-14T11:15", count: 1 },
      ],
      lineWait: null,
    });
    expect(res.body).not.toMatch(/afiche|"age":30|"from":190/);
  });

  it("keeps to the registrations made within ?from&to, days in Buenos Aires time", async () => {
    const { event } = await fixtures((await signedInAs(t.app, { role: "admin" })).headers);
    const { headers } = await signedInAs(t.app, { role: "viewer" });
    const read = async (query: string) =>
      (await t.app.inject({ url: `/api/events/${event.id}/insights?${query}`, headers })).json();
    // 2025-07-01 02:30 UTC was still June 30th there.
    expect((await read("to=2025-06-30")).funnel).toMatchObject({ registered: 1, signed: 1 });
    expect((await read("from=2025-07-01")).funnel).toMatchObject({ registered: 4, signed: 0, shortlisted: 3 });
    expect((await read("from=2025-07-03")).funnel.registered).toBe(0);
    expect((await read("from=2025-07-03")).waitlist).toEqual({ waiting: 0, offered: 0, accepted: 0, letGo: 0, removed: 0 });
    const bad = await t.app.inject({ url: `/api/events/${event.id}/insights?from=ayer`, headers });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({ url: `/api/events/${randomUUID()}/insights`, headers });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("GET /api/insights/events (issue 38)", () => {
  it("answers each event's funnel side by side and the sources across them, in days when they span more than two", async () => {
    const { headers } = await signedInAs(t.app, { role: "viewer" });
    const other = await createEvent(t.db, { eventDate: "2024-02-10", eventName: "Casting de verano" });
    const slot = other.timeslots[0]!.id;
    await createRegistration(t.db, {
      eventId: other.id,
      timeslotId: slot,
      source: "historia-ig",
      stage: "shortlisted",
      createdAt: at("2024-02-01T12:00:00Z"),
    });
    // 02:00 UTC on the 5th is the 4th there.
    await createRegistration(t.db, { eventId: other.id, timeslotId: slot, createdAt: at("2024-02-05T02:00:00Z") });
    const empty = await createEvent(t.db, { eventDate: "2024-02-11" });

    // A date the database cannot hold (the year 0) is the caller's mistake, answered as such.
    for (const query of ["to=0000-01-01", "from=0000-12-31", "from=2024-02-30"]) {
      const bad = await t.app.inject({ url: `/api/insights/events?${query}`, headers });
      expect(bad.statusCode, query).toBe(400);
    }
    const res = await t.app.inject({ url: "/api/insights/events?from=2024-02-01&to=2024-02-28", headers });
    expect(res.statusCode, res.body).toBe(200);
    const zero = { registered: 0, emailConfirmed: 0, came: 0, shortlisted: 0, callback: 0, signed: 0 };
    expect(res.json().events).toEqual([
      {
        id: other.id,
        eventName: "Casting de verano",
        eventDate: "2024-02-10",
        funnel: { registered: 2, emailConfirmed: 0, came: 0, shortlisted: 1, callback: 0, signed: 0 },
      },
      { id: empty.id, eventName: empty.eventName, eventDate: "2024-02-11", funnel: zero },
    ]);
    expect(res.json().bySource).toEqual([
      { source: "historia-ig", registered: 1, emailConfirmed: 0, came: 0, shortlisted: 1, callback: 0, signed: 0 },
      { source: null, registered: 1, emailConfirmed: 0, came: 0, shortlisted: 0, callback: 0, signed: 0 },
    ]);
    const timeline = (await t.app.inject({ url: `/api/events/${other.id}/insights`, headers })).json().timeline;
    expect(timeline.points).toEqual([
      { at: "2024-02-01T00:00", registrations: 1, cumulative: 1 },
      { at: "2024-02-04T00:00", registrations: 1, cumulative: 2 },
    ]);
    expect(timeline.unit).toBe("day");
  });
});
