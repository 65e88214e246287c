import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { eventTimeslots, modelRegistrations, outboxMessages, waitlistEntries } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, outboxFor, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

// Issue 19: the registrant's manage page, on both databases.
const t = useTestApp();

const tokenOf = (id: string) => registrationToken(t.config, "manage", id);
const view = (token: string) => t.app.inject({ url: `/api/public/registrations/manage?t=${token}` });
const cancel = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/public/registrations/manage/cancel", payload: { t: token } });
const move = (token: string, timeslotId: string) =>
  t.app.inject({ method: "POST", url: "/api/public/registrations/manage/move", payload: { t: token, timeslotId } });
const slotCounts = async (id: string) =>
  (await t.db.select().from(eventTimeslots).where(eq(eventTimeslots.id, id))).map((s) => [s.registeredCount, s.heldCount])[0];

/** The VEVENT of an outbox row's invite, parsed by ical.js. */
function inviteOf(row: { icalEvent: string | null }) {
  const calendar = new ICAL.Component(ICAL.parse(row.icalEvent!));
  const vevent = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return { method: calendar.getFirstPropertyValue("method"), vevent };
}

describe("GET /api/public/registrations/manage", () => {
  it("shows the registration, its event and slot, and the other slots with room", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 2 }, { capacity: 1 }, { capacity: 3 }] });
    const [a, b, c] = event.timeslots;
    await createRegistration(t.db, { eventId: event.id, timeslotId: b!.id });
    const r = await createRegistration(t.db, { eventId: event.id, timeslotId: a!.id, status: "confirmed" });
    const res = await view(tokenOf(r.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      registration: {
        registrationCode: r.registrationCode,
        fullName: r.fullName,
        status: "confirmed",
        state: "awaiting_email",
        timeslotId: a!.id,
        checkInUrl: expect.stringMatching(/\/check-in\?t=[A-Za-z0-9_-]{43}$/),
      },
      event: { eventName: event.eventName, eventDate: event.eventDate, location: event.location },
      timeslot: { startTime: "10:00", endTime: "11:00" },
      clientSharing: { consent: false, awaitingGuardian: false, canGive: true },
      otherTimeslots: [{ id: c!.id, startTime: "12:00", endTime: "13:00", availableSpots: 3 }],
    });
  });

  it("carries the check-in QR code of a live registration, long after the verify link's use; none once cancelled", async () => {
    const event = await createEvent(t.db);
    const r = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id, status: "confirmed" });
    const { checkInUrl } = (await view(tokenOf(r.id))).json().registration as { checkInUrl: string };
    expect(checkInUrl.startsWith(`${t.config.publicUrl}/check-in?t=`)).toBe(true);
    // The code the door scans: staff checking in its token record this person's arrival.
    const staff = await signedInAs(t.app, { role: "member" });
    const scanned = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers: staff.headers,
      payload: { token: new URL(checkInUrl).searchParams.get("t") },
    });
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json()).toMatchObject({ checkedIn: true, registration: { id: r.id } });

    const cancelled = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    expect((await view(tokenOf(cancelled.id))).json().registration.checkInUrl).toMatch(/\/check-in\?t=/);
    expect((await cancel(tokenOf(cancelled.id))).json().registration.checkInUrl).toBeNull();
    expect((await view(tokenOf(cancelled.id))).json().registration.checkInUrl).toBeNull();
  });

  it("404 invalid_token for a forged, a wrong-purpose or an erased registration's token", async () => {
    const event = await createEvent(t.db);
    const r = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    const forged = tokenOf(r.id).slice(0, -2) + (tokenOf(r.id).endsWith("AA") ? "AQ" : "AA");
    for (const token of [forged, registrationToken(t.config, "check-in", r.id), "x".repeat(43), ""]) {
      const res = await view(token);
      expect([400, 404]).toContain(res.statusCode);
    }
    expect((await view(forged)).json().error.code).toBe("invalid_token");
    await t.db.delete(modelRegistrations).where(eq(modelRegistrations.id, r.id));
    expect((await view(tokenOf(r.id))).json().error.code).toBe("invalid_token");
  });
});

describe("POST /api/public/registrations/manage/cancel", () => {
  it("cancels once, frees the spot, and sends the cancellation with a METHOD:CANCEL invite of the same UID", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 1 }] });
    const slot = event.timeslots[0]!;
    const r = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: slot.id,
      status: "confirmed",
      emailVerified: true,
    });
    expect(await slotCounts(slot.id)).toEqual([1, 0]);

    const res = await cancel(tokenOf(r.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().registration.status).toBe("cancelled");
    expect(res.json().otherTimeslots).toEqual([]);
    expect(await slotCounts(slot.id)).toEqual([0, 0]);
    // A second cancel changes nothing and sends nothing more.
    expect((await cancel(tokenOf(r.id))).json().registration.status).toBe("cancelled");
    const mail = await outboxFor(t.db, r.email);
    expect(mail.map((m) => m.kind)).toEqual(["registration_cancelled"]);
    expect(mail[0]!.textBody).toContain(`${t.config.publicUrl}/manage?t=${tokenOf(r.id)}`);
    const { method, vevent } = inviteOf(mail[0]!);
    expect(method).toBe("CANCEL");
    expect(vevent.uid).toBe(`${r.id}@localhost:3000`);

    // The spot is there for the next registrant.
    const again = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/registrations`,
      payload: registrationBody(slot.id),
    });
    expect(again.statusCode).toBe(201);
  });
});

describe("POST /api/public/registrations/manage/move", () => {
  it("moves to a slot with room in one step, with an updated invite (same UID, higher SEQUENCE, Buenos Aires time)", async () => {
    const event = await createEvent(t.db, {
      eventDate: "2031-12-04",
      timeslots: [{ capacity: 1 }, { capacity: 1, startTime: "15:30", endTime: "16:00" }],
    });
    const [from, to] = event.timeslots;
    const r = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: from!.id,
      status: "confirmed",
      emailVerified: true,
    });

    const res = await move(tokenOf(r.id), to!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().registration.timeslotId).toBe(to!.id);
    expect(res.json().timeslot).toEqual({ startTime: "15:30", endTime: "16:00" });
    expect(await slotCounts(from!.id)).toEqual([0, 0]);
    expect(await slotCounts(to!.id)).toEqual([1, 0]);

    const [moved] = await outboxFor(t.db, r.email);
    expect(moved!.kind).toBe("registration_moved");
    const { method, vevent } = inviteOf(moved!);
    expect(method).toBe("REQUEST");
    expect(vevent.uid).toBe(`${r.id}@localhost:3000`);
    expect(vevent.sequence).toBe(1);
    // 15:30 in Buenos Aires (UTC−3) is 18:30 UTC.
    expect(vevent.startDate.toJSDate().toISOString()).toBe("2031-12-04T18:30:00.000Z");
    expect(vevent.endDate.toJSDate().toISOString()).toBe("2031-12-04T19:00:00.000Z");

    // Moving back: the same UID again, the next SEQUENCE.
    await move(tokenOf(r.id), from!.id);
    const [, back] = await outboxFor(t.db, r.email);
    expect(inviteOf(back!).vevent.uid).toBe(vevent.uid);
    expect(inviteOf(back!).vevent.sequence).toBe(2);
  });

  it("refuses a full slot (409 timeslot_full), the same slot, another event's slot, and a cancelled registration", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 1 }, { capacity: 1 }] });
    const other = await createEvent(t.db);
    const [a, b] = event.timeslots;
    await createRegistration(t.db, { eventId: event.id, timeslotId: b!.id });
    const r = await createRegistration(t.db, { eventId: event.id, timeslotId: a!.id });

    const full = await move(tokenOf(r.id), b!.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe("timeslot_full");
    expect((await move(tokenOf(r.id), a!.id)).json().error.code).toBe("same_timeslot");
    const foreign = await move(tokenOf(r.id), other.timeslots[0]!.id);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.timeslotId).toBeTruthy();
    expect(await slotCounts(a!.id)).toEqual([1, 0]);

    await cancel(tokenOf(r.id));
    expect((await move(tokenOf(r.id), b!.id)).json().error.code).toBe("registration_cancelled");
  });

  it("a race of 50 moves into a slot with one spot: exactly one wins, nothing is lost", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 50 }, { capacity: 1 }] });
    const [from, to] = event.timeslots;
    const people = await Promise.all(
      Array.from({ length: 50 }, () => createRegistration(t.db, { eventId: event.id, timeslotId: from!.id })),
    );
    const responses = await Promise.all(people.map((p) => move(tokenOf(p.id), to!.id)));
    const codes = responses.map((res) => (res.statusCode === 200 ? "moved" : res.json().error.code));
    expect(codes.filter((c) => c === "moved")).toHaveLength(1);
    expect(codes.filter((c) => c === "timeslot_full")).toHaveLength(49);
    expect(await slotCounts(to!.id)).toEqual([1, 0]);
    expect(await slotCounts(from!.id)).toEqual([49, 0]);
    const inTarget = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.timeslotId, to!.id));
    expect(inTarget).toHaveLength(1);
  });

  it("the freed spot of a move goes to the first waiting for the old slot", async () => {
    const event = await createEvent(t.db, { eventDate: "2031-12-04", timeslots: [{ capacity: 1 }, { capacity: 5 }] });
    const [from, to] = event.timeslots;
    const r = await createRegistration(t.db, { eventId: event.id, timeslotId: from!.id });
    const join = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/waitlist`,
      payload: registrationBody(from!.id, { email: "next@example.com" }),
    });
    expect(join.json()).toEqual({ position: 1, email: "next@example.com" });
    await move(tokenOf(r.id), to!.id);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "next@example.com"));
    expect(entry!.status).toBe("offered");
    expect(await slotCounts(from!.id)).toEqual([0, 1]);
    const offers = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.toAddress, "next@example.com"), eq(outboxMessages.kind, "waitlist_offer")));
    expect(offers).toHaveLength(1);
  });
});

describe("a cancelled registration", () => {
  it("leaves the event's count and its campaigns, and stays in the staff list", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 5 }] });
    const slot = event.timeslots[0]!;
    const kept = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
    const gone = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
    await cancel(tokenOf(gone.id));
    const { headers } = await signedInAs(t.app, { role: "admin" });

    const shown = (await t.app.inject({ url: `/api/events/${event.id}`, headers })).json();
    expect(shown.registrationCount).toBe(1);
    expect(shown.timeslots[0].availableSpots).toBe(4);
    const list = (await t.app.inject({ url: `/api/registrations?eventId=${event.id}`, headers })).json();
    expect(list.items.map((r: { id: string; status: string }) => [r.id, r.status]).sort()).toEqual(
      [
        [kept.id, "pending"],
        [gone.id, "cancelled"],
      ].sort(),
    );

    const campaign = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers: { ...headers, origin: t.config.publicUrl },
      payload: { eventId: event.id, registrationIds: [kept.id, gone.id], subject: "Aviso", content: "Hola", isHtml: false },
    });
    expect(campaign.statusCode).toBe(202);
    await t.app.ctx.campaignMessages.idle();
    const mail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "campaign"));
    expect(mail.map((m) => m.toAddress)).toEqual([kept.email]);
  });
});
