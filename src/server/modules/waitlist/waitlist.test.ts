import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventTimeslots, modelRegistrations, outboxMessages, waitlistEntries } from "../../db/schema";
import { createScheduler } from "../../jobs/scheduler";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, outboxFor, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger } from "../../test/outbox";
import { AHEAD, waitlistHelpers } from "./waitlist.test-support";

// Issue 19: the waiting list, on both databases.
const t = useTestApp();

const { join, entryAction, cancelByLink, slotCounts, entriesByEmail, tokenFrom, fullEvent } = waitlistHelpers(t);

describe("POST /api/public/events/:eventId/waitlist", () => {
  it("201 with the place in line; an e-mail with the entry's link, which proves the address", async () => {
    const { event, slot } = await fullEvent();
    const first = await join(event.id, registrationBody(slot.id, { email: "uno@example.com" }));
    const second = await join(event.id, registrationBody(slot.id, { email: "Dos@Example.com" }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ position: 1, email: "uno@example.com" });
    expect(second.json()).toEqual({ position: 2, email: "dos@example.com" });
    const [joined] = await outboxFor(t.db, "dos@example.com");
    expect(joined!.kind).toBe("waitlist_joined");

    const token = await tokenFrom("dos@example.com", "waitlist_joined");
    const confirmed = await entryAction("confirm", token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: "waiting", position: 2, registrationCode: null });
    const [entry] = await entriesByEmail(["dos@example.com"]);
    expect(entry!.emailVerified).toBe(true);
    expect((await entryAction("confirm", "not-a-token")).json().error.code).toBe("invalid_token");
  });

  it("never both registered and waiting in the same event", async () => {
    const { event, slot, held } = await fullEvent();
    const registered = await join(event.id, registrationBody(slot.id, { email: held[0]!.email }));
    expect(registered.statusCode).toBe(409);
    expect(registered.json().error.code).toBe("duplicate_registration");

    const other = await createEvent(t.db, { eventDate: AHEAD, timeslots: [{ capacity: 1 }, { capacity: 5 }] });
    await createRegistration(t.db, { eventId: other.id, timeslotId: other.timeslots[0]!.id });
    await join(other.id, registrationBody(other.timeslots[0]!.id, { email: "waiting@example.com" }));
    const twice = await join(other.id, registrationBody(other.timeslots[0]!.id, { email: "waiting@example.com" }));
    expect(twice.json().error.code).toBe("duplicate_registration");
    const register = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${other.id}/registrations`,
      payload: registrationBody(other.timeslots[1]!.id, { email: "waiting@example.com" }),
    });
    expect(register.statusCode).toBe(409);
    expect(register.json().error.code).toBe("duplicate_registration");
  });

  it("the same person registering and joining at once (10 times): exactly one of them holds", async () => {
    const event = await createEvent(t.db, { eventDate: AHEAD, timeslots: [{ capacity: 1 }, { capacity: 50 }] });
    await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    const email = "both@example.com";
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? join(event.id, registrationBody(event.timeslots[0]!.id, { email }))
          : t.app.inject({
              method: "POST",
              url: `/api/public/events/${event.id}/registrations`,
              payload: registrationBody(event.timeslots[1]!.id, { email }),
            }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const live = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email));
    const waiting = await entriesByEmail([email]);
    expect(live.length + waiting.length).toBe(1);
  });

  it("a slot with room offers the spot at once", async () => {
    const event = await createEvent(t.db, { eventDate: AHEAD, timeslots: [{ capacity: 2 }] });
    const res = await join(event.id, registrationBody(event.timeslots[0]!.id, { email: "room@example.com" }));
    expect(res.json()).toEqual({ position: 0, email: "room@example.com" });
    expect((await entriesByEmail(["room@example.com"]))[0]!.status).toBe("offered");
    expect(await slotCounts(event.timeslots[0]!.id)).toEqual([0, 1]);
  });
});

describe("offers", () => {
  it("a freed spot goes to the first in line, held against the form; accepting registers them (verified)", async () => {
    const { event, slot, held } = await fullEvent();
    // "a" came through a tracked link (issue 38): the registration the offer becomes keeps that source.
    for (const name of ["a", "b", "c"])
      await join(
        event.id,
        registrationBody(slot.id, { email: `${name}@line.test`, ...(name === "a" ? { source: "historia-ig" } : {}) }),
      );

    expect((await cancelByLink(held[0]!.id)).statusCode).toBe(200);
    const line = await entriesByEmail(["a@line.test", "b@line.test", "c@line.test"]);
    expect(Object.fromEntries(line.map((e) => [e.email, e.status]))).toEqual({
      "a@line.test": "offered",
      "b@line.test": "waiting",
      "c@line.test": "waiting",
    });
    expect(await slotCounts(slot.id)).toEqual([0, 1]);
    // Held: the public form cannot take it.
    const taken = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/registrations`,
      payload: registrationBody(slot.id),
    });
    expect(taken.json().error.code).toBe("timeslot_full");
    expect((await t.app.inject({ url: `/api/public/events/${event.id}` })).json().timeslots[0].availableSpots).toBe(0);

    const offerToken = await tokenFrom("a@line.test", "waitlist_offer");
    const accepted = await entryAction("accept", offerToken);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "accepted", registrationCode: expect.stringMatching(/^OC-/) });
    expect(await slotCounts(slot.id)).toEqual([1, 0]);
    const [registration] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, "a@line.test"));
    expect(registration).toMatchObject({
      status: "confirmed",
      emailVerified: true,
      timeslotId: slot.id,
      fullName: "Valentina Núñez",
      source: "historia-ig",
    });
    expect(accepted.json().manageToken).toBe(registrationToken(t.config, "manage", registration!.id));
    const confirmation = (await outboxFor(t.db, "a@line.test")).find((m) => m.kind === "registration_confirmation");
    expect(confirmation!.icalEvent).toContain("METHOD:REQUEST");
    // Accepting again answers the same; the next in line waits on.
    expect((await entryAction("accept", offerToken)).json().status).toBe("accepted");
    expect((await entriesByEmail(["b@line.test"]))[0]!.status).toBe("waiting");
  });

  it("declining passes the spot to the next in line", async () => {
    const { event, slot, held } = await fullEvent();
    for (const name of ["a", "b"]) await join(event.id, registrationBody(slot.id, { email: `${name}@decline.test` }));
    await cancelByLink(held[0]!.id);
    const declined = await entryAction("decline", await tokenFrom("a@decline.test", "waitlist_offer"));
    expect(declined.json().status).toBe("declined");
    expect((await entriesByEmail(["b@decline.test"]))[0]!.status).toBe("offered");
    expect(await slotCounts(slot.id)).toEqual([0, 1]);
  });

  it("10 spots freed at once go to the first 10 in line", async () => {
    const { event, slot, held } = await fullEvent(10);
    const emails = Array.from({ length: 15 }, (_, i) => `p${String(i).padStart(2, "0")}@ten.test`);
    for (const email of emails) await join(event.id, registrationBody(slot.id, { email }));
    const responses = await Promise.all(held.map((r) => cancelByLink(r.id)));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const line = await t.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.timeslotId, slot.id))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
    expect(line.map((e) => e.status)).toEqual([...Array(10).fill("offered"), ...Array(5).fill("waiting")]);
    expect(
      line
        .slice(0, 10)
        .map((e) => e.email)
        .sort(),
    ).toEqual(emails.slice(0, 10));
    expect(await slotCounts(slot.id)).toEqual([0, 10]);
    const offers = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "waitlist_offer"));
    expect(offers.filter((m) => m.toAddress.endsWith("@ten.test"))).toHaveLength(10);
  });

  it("an offer past its hold expires and passes on (controllable clock); accepting it late is refused", async () => {
    const { event, slot, held } = await fullEvent();
    for (const name of ["a", "b"]) await join(event.id, registrationBody(slot.id, { email: `${name}@expiry.test` }));
    const start = new Date();
    await cancelByLink(held[0]!.id);
    const lateToken = await tokenFrom("a@expiry.test", "waitlist_offer");
    let now = new Date(start.getTime() + 11 * 3_600_000);
    const scheduler = createScheduler({ db: t.db, config: t.config, log: memoryLogger(), clock: () => now });
    expect((await scheduler.runOnce()).expired).toBe(0);
    now = new Date(start.getTime() + 12 * 3_600_000 + 60_000);
    // (The file's other tests left offers too: all of them are past their hold now.)
    expect((await scheduler.runOnce()).expired).toBeGreaterThanOrEqual(1);
    const [a, b] = [(await entriesByEmail(["a@expiry.test"]))[0]!, (await entriesByEmail(["b@expiry.test"]))[0]!];
    expect([a.status, b.status]).toEqual(["expired", "offered"]);
    expect(b.offerExpiresAt!.getTime()).toBe(now.getTime() + 12 * 3_600_000);
    expect(await slotCounts(slot.id)).toEqual([0, 1]);
    const late = await entryAction("accept", lateToken);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("offer_unavailable");
  });

  it("a staff deletion and a capacity raised free spots for the line", async () => {
    const { event, slot, held } = await fullEvent();
    for (const name of ["a", "b"]) await join(event.id, registrationBody(slot.id, { email: `${name}@staff.test` }));
    const admin = await signedInAs(t.app, { role: "admin" });
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/registrations/${held[0]!.id}`, headers: admin.headers });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await entriesByEmail(["a@staff.test"]))[0]!.status).toBe("offered");

    const current = (await t.app.inject({ url: `/api/events/${event.id}`, headers: admin.headers })).json();
    const raised = await t.app.inject({
      method: "PUT",
      url: `/api/events/${event.id}`,
      headers: admin.headers,
      payload: {
        eventName: current.eventName,
        eventDate: current.eventDate,
        location: current.location,
        description: current.description,
        confirmationDetails: current.confirmationDetails,
        status: current.status,
        timeslots: [{ id: slot.id, startTime: "10:00", endTime: "11:00", capacity: 2 }],
      },
    });
    expect(raised.statusCode).toBe(200);
    expect((await entriesByEmail(["b@staff.test"]))[0]!.status).toBe("offered");
  });
});

describe("staff", () => {
  it("GET /api/events/:id/waitlist lists each slot's line; an admin offers a spot by hand, out of turn", async () => {
    const { event, slot } = await fullEvent();
    for (const name of ["a", "b"]) await join(event.id, registrationBody(slot.id, { email: `${name}@hand.test` }));
    const member = await signedInAs(t.app, { role: "member" });
    const list = await t.app.inject({ url: `/api/events/${event.id}/waitlist`, headers: member.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().timeslots[0].entries.map((e: { email: string; status: string }) => [e.email, e.status])).toEqual([
      ["a@hand.test", "waiting"],
      ["b@hand.test", "waiting"],
    ]);
    const b = (await entriesByEmail(["b@hand.test"]))[0]!;
    const url = `/api/events/${event.id}/waitlist/${b.id}/offer`;
    expect((await t.app.inject({ method: "POST", url, headers: member.headers })).statusCode).toBe(403);
    const admin = await signedInAs(t.app, { role: "admin" });
    const offered = await t.app.inject({ method: "POST", url, headers: admin.headers });
    expect(offered.statusCode).toBe(200);
    expect(offered.json().timeslots[0].entries.map((e: { status: string }) => e.status)).toEqual(["waiting", "offered"]);
    // The slot was full: its capacity was raised by one for this offer.
    const [row] = await t.db
      .select()
      .from(eventTimeslots)
      .where(and(eq(eventTimeslots.id, slot.id)));
    expect([row!.capacity, row!.registeredCount, row!.heldCount]).toEqual([2, 1, 1]);
  });
});
