/**
 * Walk-ins (issue 35): the walk-in poster's form registers a person at the door and checks them in
 * at once, with the next number in the day's line: only with this event's poster, walk-ins on, on
 * the event's day, under the day's cap, in a slot with room; the same rules as any registration. A
 * minor whose guardian has not approved is registered, not let in, until the approval on the day.
 */
import { todayIso } from "@common/dates";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, modelRegistrations, scoutingEvents } from "../../db/schema";
import { registrationIdFromToken, registrationToken, walkInToken } from "../../lib/registration-links";
import { createEvent, createRegistration, outboxFor, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { seventeen } from "../privacy/privacy.test-support";
import { walkInSlotOrder } from "./public.walk-in";
import { postWalkIn, walkInBody, walkInEvent } from "./public.walk-in.test-support";

const t = useTestApp();

const rowsOf = (eventId: string) => t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, eventId));
const walkInsOpen = async (eventId: string) =>
  (await t.app.inject({ url: `/api/public/events/${eventId}` })).json().walkIns.open as boolean;

describe("a walk-in", () => {
  it("is registered and checked in at once, with the next number in the line", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const event = await walkInEvent(t.app);
    const slot = event.timeslots[0]!;
    const booked = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
    const door = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers: admin.headers,
      payload: { registrationId: booked.id },
    });
    expect(door.json().queue).toEqual({ number: 1 });
    expect(await walkInsOpen(event.id)).toBe(true);

    const body = walkInBody(t.app, event.id, { fullName: "Camila Paz", email: "camila.paz@example.com" });
    const res = await postWalkIn(t.app, event.id, body);
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json();
    expect(reply).toEqual({
      registrationCode: expect.stringMatching(/^[A-Z0-9-]+$/),
      successToken: expect.any(String),
      verificationEmailQueued: true,
      queue: { number: 2, token: expect.any(String) },
    });
    const [row] = (await rowsOf(event.id)).filter((r) => r.email === "camila.paz@example.com");
    expect(row).toMatchObject({
      walkIn: true,
      attended: true,
      checkedInBy: null,
      timeslotId: slot.id,
      status: "pending",
      registrationCode: reply.registrationCode,
    });
    expect(row!.attendedAt).toBeInstanceOf(Date);
    // The token the phone follows its place with: the check-in link's.
    expect(registrationIdFromToken(t.config, "check-in", reply.queue.token)).toBe(row!.id);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.check_in"), eq(auditLog.registrationId, row!.id)));
    expect(audited).toMatchObject({ actorId: null, actorPass: null, eventId: event.id, details: { walkIn: true } });
    expect((await outboxFor(t.db, "camila.paz@example.com")).map((mail) => mail.kind)).toEqual(["registration_verification"]);
    // At the door they are a checked-in person like any other, with their number.
    const card = await t.app.inject({
      method: "POST",
      url: "/api/check-ins/preview",
      headers: admin.headers,
      payload: { registrationId: row!.id },
    });
    expect(card.json()).toMatchObject({ alreadyCheckedIn: true, queue: { number: 2 }, registration: { attended: true } });
    // The same e-mail twice is the same person: refused, nothing more stored.
    const twice = await postWalkIn(t.app, event.id, body);
    expect(twice.json().error.code).toBe("duplicate_registration");
    expect(await rowsOf(event.id)).toHaveLength(2);
  });

  it("is refused walk_ins_closed with another event's poster, walk-ins off, another day or the event inactive", async () => {
    const event = await walkInEvent(t.app);
    const other = await walkInEvent(t.app);
    const refused = async (eventId: string, body: object, expected = "walk_ins_closed") => {
      const res = await postWalkIn(t.app, eventId, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toEqual({ code: expected, message: expect.any(String) });
    };
    await refused(event.id, walkInBody(t.app, event.id, { walkIn: walkInToken(t.config, other.id) }));
    await refused(event.id, walkInBody(t.app, event.id, { walkIn: "not-a-poster" }));

    const off = await walkInEvent(t.app, { walkInsEnabled: false });
    await refused(off.id, walkInBody(t.app, off.id));
    expect(await walkInsOpen(off.id)).toBe(false);
    const tomorrow = await walkInEvent(t.app, { eventDate: "2099-01-01" });
    await refused(tomorrow.id, walkInBody(t.app, tomorrow.id));
    expect(await walkInsOpen(tomorrow.id)).toBe(false);
    const past = await walkInEvent(t.app, { eventDate: "2020-01-01" });
    await refused(past.id, walkInBody(t.app, past.id));
    const inactive = await walkInEvent(t.app, { status: "inactive" });
    const gone = await postWalkIn(t.app, inactive.id, walkInBody(t.app, inactive.id));
    expect(gone.json().error.code).toBe("event_not_found");
    // A callback is never public: nobody walks in to one.
    const callback = await walkInEvent(t.app, { kind: "callback", callbackOf: event.id });
    expect((await postWalkIn(t.app, callback.id, walkInBody(t.app, callback.id))).json().error.code).toBe("event_not_found");
    for (const id of [event.id, off.id, tomorrow.id, past.id, inactive.id, callback.id]) expect(await rowsOf(id)).toEqual([]);

    // The same rules as any registration: consent; a form without a slot nor a poster is told to choose a slot.
    const noConsent = await postWalkIn(t.app, event.id, walkInBody(t.app, event.id, { consentDataProcessing: false }));
    expect(noConsent.json().error.code).toBe("consent_required");
    const { walkIn: _poster, ...withoutPoster } = walkInBody(t.app, event.id);
    const noSlot = await postWalkIn(t.app, event.id, { ...withoutPoster, email: "x" });
    expect(noSlot.statusCode).toBe(400);
    expect(noSlot.json().error.fields).toMatchObject({ timeslotId: expect.any(String), email: expect.any(String) });
    expect(await rowsOf(event.id)).toEqual([]);
  });

  it("stops at the day's cap and when no slot of the day has room; takes the slot with room", async () => {
    const event = await walkInEvent(t.app, {
      walkInsDailyCap: 3,
      timeslots: [
        { startTime: "00:00", endTime: "23:59", capacity: 1 },
        { startTime: "00:00", endTime: "23:59", capacity: 2 },
      ],
    });
    const [small, large] = event.timeslots;
    await createRegistration(t.db, { eventId: event.id, timeslotId: small!.id });
    const first = await postWalkIn(t.app, event.id, walkInBody(t.app, event.id));
    const second = await postWalkIn(t.app, event.id, walkInBody(t.app, event.id));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect((await rowsOf(event.id)).filter((row) => row.walkIn).map((row) => row.timeslotId)).toEqual([large!.id, large!.id]);
    // Under the cap (2 of 3), but every slot is full.
    expect(await walkInsOpen(event.id)).toBe(false);
    const noRoom = await postWalkIn(t.app, event.id, walkInBody(t.app, event.id));
    expect(noRoom.json().error.code).toBe("walk_ins_full");

    const roomy = await walkInEvent(t.app, { walkInsDailyCap: 2 });
    for (let i = 0; i < 2; i++) expect((await postWalkIn(t.app, roomy.id, walkInBody(t.app, roomy.id))).statusCode).toBe(201);
    expect(await walkInsOpen(roomy.id)).toBe(false);
    const capped = await postWalkIn(t.app, roomy.id, walkInBody(t.app, roomy.id));
    expect(capped.statusCode).toBe(409);
    expect(capped.json().error).toEqual({ code: "walk_ins_full", message: expect.stringContaining("cupo") });
    // A cancelled walk-in frees its place under the cap.
    const [one] = (await rowsOf(roomy.id)).filter((row) => row.walkIn);
    await t.db
      .update(modelRegistrations)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(modelRegistrations.id, one!.id));
    expect((await postWalkIn(t.app, roomy.id, walkInBody(t.app, roomy.id))).statusCode).toBe(201);
  });

  it("of a 16- or 17-year-old is registered but not let in until the guardian approves on the day", async () => {
    const event = await walkInEvent(t.app);
    const minor = (email: string) =>
      walkInBody(t.app, event.id, {
        email,
        dateOfBirth: seventeen(),
        guardianName: "Marta Madre",
        guardianEmail: `madre-${email}`,
      });
    const res = await postWalkIn(t.app, event.id, minor("lola@example.com"));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().queue).toBeNull();
    const rowOf = async (email: string) => (await rowsOf(event.id)).find((row) => row.email === email)!;
    const row = await rowOf("lola@example.com");
    expect(row).toMatchObject({ walkIn: true, attended: false, attendedAt: null, guardianStatus: "pending" });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.registrationId, row.id))).toEqual([]);
    expect((await outboxFor(t.db, "madre-lola@example.com")).map((mail) => mail.kind)).toEqual(["guardian_request"]);

    const approve = (id: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/public/guardian/decision",
        payload: { token: registrationToken(t.config, "guardian", id), approve: true },
      });
    expect((await approve(row.id)).json()).toEqual({ outcome: "approved", alreadyDecided: false });
    expect(await rowOf("lola@example.com")).toMatchObject({ attended: true, guardianStatus: "approved" });
    const admin = await signedInAs(t.app, { role: "admin" });
    const card = await t.app.inject({
      method: "POST",
      url: "/api/check-ins/preview",
      headers: admin.headers,
      payload: { registrationId: row.id },
    });
    expect(card.json()).toMatchObject({ queue: { number: 1 }, stop: null });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.check_in"), eq(auditLog.registrationId, row.id)));
    expect(audited).toEqual([expect.objectContaining({ actorId: null, details: { walkIn: true } })]);

    // Approved once the day is over: registered, never let in.
    const late = await postWalkIn(t.app, event.id, minor("tardia@example.com"));
    expect(late.statusCode).toBe(201);
    await t.db.update(scoutingEvents).set({ eventDate: "2020-01-01" }).where(eq(scoutingEvents.id, event.id));
    const lateRow = await rowOf("tardia@example.com");
    expect((await approve(lateRow.id)).json().outcome).toBe("approved");
    expect(await rowOf("tardia@example.com")).toMatchObject({ attended: false, guardianStatus: "approved" });
    // A registration booked online is never checked in by its guardian's approval.
    const booked = await createEvent(t.db, { eventDate: todayIso() });
    const online = await createRegistration(t.db, {
      eventId: booked.id,
      timeslotId: booked.timeslots[0]!.id,
      age: 17,
      guardianName: "Padre",
      guardianEmail: "padre@example.com",
      guardianStatus: "pending",
    });
    await approve(online.id);
    expect((await rowsOf(booked.id))[0]).toMatchObject({ attended: false, guardianStatus: "approved" });
  });
});

describe("the slot a walk-in takes", () => {
  const slots = [
    { id: "a", startTime: "09:00:00", endTime: "10:00:00" },
    { id: "b", startTime: "10:00:00", endTime: "11:00:00" },
    { id: "c", startTime: "13:00:00", endTime: "14:00:00" },
  ];
  const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  it("is the one running now, else the nearest: one about to start before one as long ended", () => {
    expect(walkInSlotOrder(slots, at("10:30")).map((slot) => slot.id)).toEqual(["b", "a", "c"]);
    expect(walkInSlotOrder(slots, at("11:30")).map((slot) => slot.id)).toEqual(["b", "c", "a"]);
    expect(walkInSlotOrder(slots, at("12:00")).map((slot) => slot.id)).toEqual(["c", "b", "a"]);
    expect(walkInSlotOrder(slots, at("12:30")).map((slot) => slot.id)).toEqual(["c", "b", "a"]);
    expect(walkInSlotOrder(slots, at("08:00")).map((slot) => slot.id)).toEqual(["a", "b", "c"]);
    expect(walkInSlotOrder(slots, at("18:00")).map((slot) => slot.id)).toEqual(["c", "b", "a"]);
  });
});
