import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@common/dates";
import type { CheckInResponse } from "@common/schemas/check-ins";
import { modelRegistrations, users } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { cancelRegistration } from "../registrations/registrations.cancel";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { arrivalTime, createCheckInsService } from "./check-ins.service";

const t = useTestApp();
let member: { user: { id: string; name: string }; headers: Record<string, string> };
let admin: Record<string, string>;

beforeAll(async () => {
  member = await signedInAs(t.app, { role: "member", name: "Lucía Puerta" });
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
});

/** An event today whose one slot spans the whole day: no time warning, whenever the test runs. */
async function today(options: { emailVerified?: boolean; eventDate?: string } = {}) {
  const event = await createEvent(t.db, {
    eventDate: options.eventDate ?? todayIso(),
    timeslots: [{ startTime: "00:00", endTime: "23:59" }],
  });
  const registration = await createRegistration(t.db, {
    eventId: event.id,
    timeslotId: event.timeslots[0]!.id,
    emailVerified: options.emailVerified ?? true,
    status: "confirmed",
  });
  return { event, registration };
}

const post = (body: object, headers = member.headers, url = "/api/check-ins") =>
  t.app.inject({ method: "POST", url, headers, payload: body });
const stored = async (id: string) => (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, id)))[0]!;
const codes = (body: CheckInResponse) => body.warnings.map((w) => w.code);

describe("POST /api/check-ins", () => {
  it("checks a person in by the QR code's token: attended, the arrival time and who, once", async () => {
    const { event, registration } = await today();
    const token = registrationToken(t.config, "check-in", registration.id);
    const before = Date.now();
    const first = await post({ token, eventId: event.id });
    expect(first.statusCode).toBe(200);
    const body = first.json<CheckInResponse>();
    expect(body).toMatchObject({
      checkedIn: true,
      alreadyCheckedIn: false,
      overridden: false,
      stop: null,
      warnings: [],
      queue: { number: 1 }, // the event's first number in the line (issue 35)
      registration: {
        id: registration.id,
        fullName: registration.fullName,
        age: registration.age,
        registrationCode: registration.registrationCode,
        event: { id: event.id, eventName: event.eventName },
        timeslot: { id: event.timeslots[0]!.id, startTime: "00:00", endTime: "23:59" },
        photoUrl: null,
        attended: true,
        checkedInBy: { id: member.user.id, fullName: "Lucía Puerta" },
      },
    });
    const row = await stored(registration.id);
    expect(row.attended).toBe(true);
    expect(row.checkedInBy).toBe(member.user.id);
    expect(row.attendedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(body.registration.attendedAt).toBe(row.attendedAt!.toISOString());

    // A second scan (another phone, the same phone again): nothing changes, and staff are told when and by whom.
    const second = (await post({ token, eventId: event.id }, admin)).json<CheckInResponse>();
    expect(second).toMatchObject({ checkedIn: false, alreadyCheckedIn: true, queue: { number: 1 } });
    expect(codes(second)).toEqual(["already_checked_in"]);
    expect(second.warnings[0]!.message).toContain("Lucía Puerta");
    expect((await stored(registration.id)).attendedAt).toEqual(row.attendedAt);
  });

  it("by registration id, and by a typed code in any spelling", async () => {
    const { registration } = await today();
    const byId = await post({ registrationId: registration.id });
    expect(byId.json()).toMatchObject({ checkedIn: true });
    const other = await today();
    const typed = other.registration.registrationCode.toLowerCase().replace("-", " ");
    const byCode = await post({ code: ` ${typed} ` });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json()).toMatchObject({ checkedIn: true, registration: { id: other.registration.id } });
  });

  it("keeps an offline phone's own time of the check-in, when it is believable", async () => {
    const { registration } = await today();
    const scannedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    await post({ registrationId: registration.id, scannedAt });
    expect((await stored(registration.id)).attendedAt!.toISOString()).toBe(scannedAt);
    const future = await today();
    await post({ registrationId: future.registration.id, scannedAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await stored(future.registration.id)).attendedAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("warns of another event, another day and an unverified e-mail, and still checks in", async () => {
    const chosen = await today();
    const { registration } = await today({ eventDate: "2030-01-15", emailVerified: false });
    const res = await post({ registrationId: registration.id, eventId: chosen.event.id });
    const body = res.json<CheckInResponse>();
    expect(body.checkedIn).toBe(true);
    expect(codes(body)).toEqual(["other_event", "other_day", "email_not_verified"]);
    expect(body.warnings[1]!.message).toBe("Su evento es otro día: 15/01/30.");
  });

  it("never records the arrival of a cancelled registration, and does not revive it", async () => {
    const { registration } = await today();
    await cancelRegistration(t.db, t.config, registration.id, "registrant");
    const res = await post({ registrationId: registration.id });
    expect(res.statusCode).toBe(200);
    const stop = { code: "cancelled", message: "Canceló su inscripción: no se registra la llegada.", overridable: false };
    expect(res.json()).toMatchObject({ checkedIn: false, alreadyCheckedIn: false, registration: { status: "cancelled" }, stop });
    const row = await stored(registration.id);
    expect([row.status, row.attended, row.attendedAt]).toEqual(["cancelled", false, null]);
  });

  it("answers 404 with a message for a forged, unknown, other-purpose or erased token, a wrong code or id", async () => {
    const { registration } = await today();
    const manage = registrationToken(t.config, "manage", registration.id);
    const erased = await today();
    const erasedToken = registrationToken(t.config, "check-in", erased.registration.id);
    await t.db.delete(modelRegistrations).where(eq(modelRegistrations.id, erased.registration.id));
    for (const body of [
      { token: "x".repeat(43) },
      { token: manage },
      { token: erasedToken },
      { code: "OC-ZZZZZZ" },
      { registrationId: "00000000-0000-4000-8000-000000000000" },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().error).toEqual({
        code: "not_found",
        message: "No encontramos esa inscripción. Revisá el código o buscá por nombre.",
      });
    }
    expect((await stored(registration.id)).attended).toBe(false);
  });

  it("refuses a body naming nobody or two people at once", async () => {
    const { registration } = await today();
    for (const body of [{}, { registrationId: registration.id, code: registration.registrationCode }, { token: 5 }]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
  });

  it("is for approved staff only", async () => {
    const { registration } = await today();
    expect((await post({ registrationId: registration.id }, {})).statusCode).toBe(401);
    const pending = (await signedInAs(t.app, { role: "member", status: "pending" })).headers;
    expect((await post({ registrationId: registration.id }, pending)).statusCode).toBe(403);
    expect((await stored(registration.id)).attended).toBe(false);
  });

  it("keeps the arrival when the staff member's account is deleted", async () => {
    const staff = await signedInAs(t.app, { role: "member" });
    const { registration } = await today();
    await post({ registrationId: registration.id }, staff.headers);
    await t.db.delete(users).where(eq(users.id, staff.user.id));
    const row = await stored(registration.id);
    expect([row.attended, row.checkedInBy, row.attendedAt === null]).toEqual([true, null, false]);
  });
});

describe("POST /api/check-ins/preview", () => {
  it("shows who it is and the warnings without recording anything", async () => {
    const { registration } = await today({ emailVerified: false });
    const res = await post({ code: registration.registrationCode }, member.headers, "/api/check-ins/preview");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ checkedIn: false, alreadyCheckedIn: false, registration: { attended: false } });
    expect(codes(res.json())).toEqual(["email_not_verified"]);
    expect((await stored(registration.id)).attended).toBe(false);
  });
});

describe("the staff toggle 'Asistió'", () => {
  it("counts as arrived, and unticking it clears the arrival so the person can be checked in again", async () => {
    const { registration } = await today();
    await post({ registrationId: registration.id });
    const untick = await t.app.inject({
      method: "PATCH",
      url: `/api/registrations/${registration.id}`,
      headers: admin,
      payload: { attended: false },
    });
    expect(untick.statusCode).toBe(200);
    expect(await stored(registration.id)).toMatchObject({ attended: false, attendedAt: null, checkedInBy: null });
    expect((await post({ registrationId: registration.id })).json()).toMatchObject({ checkedIn: true });
  });
});

describe("GET /api/check-ins/search", () => {
  it("finds an event's registrations by exact code or by a part of the name", async () => {
    const { event, registration } = await today();
    await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id, fullName: "Ana 100% Real" });
    const search = (q: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/check-ins/search?eventId=${event.id}&q=${encodeURIComponent(q)}`,
        headers: member.headers,
      });
    expect((await search(registration.registrationCode.toLowerCase())).json().items.map((i: { id: string }) => i.id)).toEqual([
      registration.id,
    ]);
    expect((await search("100%")).json().items.map((i: { fullName: string }) => i.fullName)).toEqual(["Ana 100% Real"]);
    expect((await search("%")).json().items).toHaveLength(1);
  });
});

describe("GET /api/events/:id/arrivals", () => {
  it("counts per slot the live registrations expected and those arrived; cancelled ones are neither", async () => {
    const event = await createEvent(t.db, { eventDate: todayIso(), timeslots: [{}, {}] });
    const [a, b] = event.timeslots;
    const regs = await Promise.all(
      [a, a, a, b].map((slot) => createRegistration(t.db, { eventId: event.id, timeslotId: slot!.id })),
    );
    await post({ registrationId: regs[0]!.id });
    await post({ registrationId: regs[3]!.id });
    await cancelRegistration(t.db, t.config, regs[2]!.id, "staff");
    const res = await t.app.inject({ method: "GET", url: `/api/events/${event.id}/arrivals`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      eventId: event.id,
      timeslots: [
        { timeslotId: a!.id, startTime: "10:00", endTime: "11:00", expected: 2, arrived: 1 },
        { timeslotId: b!.id, startTime: "11:00", endTime: "12:00", expected: 1, arrived: 1 },
      ],
    });
  });

  it("answers 404 for an unknown event", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/events/00000000-0000-4000-8000-000000000000/arrivals",
      headers: member.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("event_not_found");
  });
});

describe("the registrations list's 'No vinieron' filter", () => {
  it("lists the live registrations of a past event that never arrived", async () => {
    const past = await createEvent(t.db, { eventDate: "2020-05-04" });
    const slot = past.timeslots[0]!.id;
    const came = await createRegistration(t.db, { eventId: past.id, timeslotId: slot, attended: true });
    const missed = await createRegistration(t.db, { eventId: past.id, timeslotId: slot });
    const cancelled = await createRegistration(t.db, { eventId: past.id, timeslotId: slot });
    await cancelRegistration(t.db, t.config, cancelled.id, "registrant");
    const list = async (eventId: string, filter: string) =>
      (await t.app.inject({ url: `/api/registrations?eventId=${eventId}&${filter}`, headers: member.headers }))
        .json()
        .items.map((i: { id: string }) => i.id);
    expect(await list(past.id, "noShow=true")).toEqual([missed.id]);
    expect(await list(past.id, "attended=true")).toEqual([came.id]);
    // An event still to come (or today's) has nobody who 'did not come' yet.
    const upcoming = await today();
    expect(await list(upcoming.event.id, "noShow=true")).toEqual([]);
  });
});

describe("warnings by the clock (the agency's wall clock, Buenos Aires)", () => {
  it("a slot more than an hour away, or ended more than an hour ago, and another day", async () => {
    // Slot 10:00–11:00 on 2026-03-05; Buenos Aires is UTC−3.
    const event = await createEvent(t.db, { eventDate: "2026-03-05", timeslots: [{ startTime: "10:00", endTime: "11:00" }] });
    const registration = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: event.timeslots[0]!.id,
      emailVerified: true,
    });
    const service = createCheckInsService({ db: t.db, config: t.config });
    const at = async (iso: string) =>
      codes(await service.preview({ registrationId: registration.id }, new Date(iso), { role: "member", status: "approved" }));
    expect(await at("2026-03-05T11:30:00Z")).toEqual(["slot_not_started"]); // 08:30
    expect(await at("2026-03-05T12:00:00Z")).toEqual([]); // 09:00: an hour early is fine
    expect(await at("2026-03-05T14:00:00Z")).toEqual([]); // 11:00
    expect(await at("2026-03-05T15:00:00Z")).toEqual([]); // 12:00
    expect(await at("2026-03-05T15:01:00Z")).toEqual(["slot_ended"]); // 12:01
    expect(await at("2026-03-06T02:59:00Z")).toEqual(["slot_ended"]); // 23:59, still the 5th
    expect(await at("2026-03-06T03:00:00Z")).toEqual(["other_day"]); // midnight: the 6th
    expect(await at("2026-03-04T13:00:00Z")).toEqual(["other_day"]);
  });

  it("records the phone's time of an offline check-in only within the last 12 hours", () => {
    const now = new Date("2026-03-05T15:00:00Z");
    expect(arrivalTime(undefined, now)).toBe(now);
    expect(arrivalTime("2026-03-05T14:10:00Z", now).toISOString()).toBe("2026-03-05T14:10:00.000Z");
    expect(arrivalTime("2026-03-05T15:00:01Z", now)).toBe(now);
    expect(arrivalTime("2026-03-05T02:59:59Z", now)).toBe(now);
  });
});
