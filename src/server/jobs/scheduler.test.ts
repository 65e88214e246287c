import { eq, inArray } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { modelRegistrations, outboxMessages } from "../db/schema";
import { zonedInstant } from "../lib/calendar";
import { createEvent, createRegistration, linkIn, outboxFor, registrationBody } from "../test/factories";
import { useTestApp } from "../test/harness";
import { memoryLogger } from "../test/outbox";
import { createScheduler } from "./scheduler";

// Issue 19: reminders REMINDER_HOURS_BEFORE (24 h) before the slot, queued exactly once, on both databases.
const t = useTestApp();

const schedulerAt = (now: Date) => createScheduler({ db: t.db, config: t.config, log: memoryLogger(), clock: () => now });
const reminders = async (ids: string[]) =>
  (await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "registration_reminder"))).filter((m) =>
    ids.some((id) => m.textBody.includes(id) || m.icalEvent?.includes(id)),
  );

describe("reminders", () => {
  it("two workers at once: each due registration is reminded exactly once, with the manage link and the invite", async () => {
    const event = await createEvent(t.db, {
      eventDate: "2031-05-10",
      timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 50 }],
    });
    const slot = event.timeslots[0]!;
    const people = await Promise.all(
      Array.from({ length: 30 }, () =>
        createRegistration(t.db, { eventId: event.id, timeslotId: slot.id, status: "confirmed", emailVerified: true }),
      ),
    );
    const pending = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
    // 20 hours before 10:00 in Buenos Aires.
    const now = new Date(zonedInstant("2031-05-10", "10:00").getTime() - 20 * 3_600_000);
    const [a, b] = await Promise.all([schedulerAt(now).runOnce(), schedulerAt(now).runOnce()]);
    expect(a.reminded + b.reminded).toBe(30);
    expect((await schedulerAt(now).runOnce()).reminded).toBe(0);

    const sent = await reminders(people.map((p) => p.id));
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((m) => m.toAddress))).toEqual(new Set(people.map((p) => p.email)));
    expect(await outboxFor(t.db, pending.email)).toEqual([]);
    const one = sent[0]!;
    expect(linkIn(one.textBody, `${t.config.publicUrl}/manage?t=`)).toBeTruthy();
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(one.icalEvent!)).getFirstSubcomponent("vevent")!);
    expect(vevent.startDate.toJSDate().toISOString()).toBe("2031-05-10T13:00:00.000Z");
    const rows = await t.db
      .select()
      .from(modelRegistrations)
      .where(
        inArray(
          modelRegistrations.id,
          people.map((p) => p.id),
        ),
      );
    expect(rows.every((r) => r.reminderSentAt?.getTime() === now.getTime())).toBe(true);
  });

  it("not before the window; after a downtime while the slot is still ahead; never for a slot already started", async () => {
    const event = await createEvent(t.db, {
      eventDate: "2031-06-01",
      timeslots: [
        { startTime: "09:00", endTime: "10:00" },
        { startTime: "18:00", endTime: "19:00" },
      ],
    });
    const [morning, evening] = event.timeslots;
    const early = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: morning!.id,
      status: "confirmed",
      emailVerified: true,
    });
    const late = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: evening!.id,
      status: "confirmed",
      emailVerified: true,
    });
    const cancelled = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: evening!.id,
      status: "cancelled",
      cancelledAt: new Date(),
    });
    const ids = [early.id, late.id, cancelled.id];

    // 30 hours before the morning slot: too early for both.
    expect((await schedulerAt(new Date(zonedInstant("2031-06-01", "09:00").getTime() - 30 * 3_600_000)).runOnce()).reminded).toBe(
      0,
    );
    // The server was down all day; it comes back at noon: the morning slot is past, the evening one ahead.
    await schedulerAt(zonedInstant("2031-06-01", "12:00")).runOnce();
    const sent = await reminders(ids);
    expect(sent.map((m) => m.toAddress)).toEqual([late.email]);
  });
});

describe("the confirmation's invite", () => {
  it("is attached on verification: the slot's local time in Buenos Aires, the registration's UID", async () => {
    const event = await createEvent(t.db, { eventDate: "2031-07-20", timeslots: [{ startTime: "14:00", endTime: "14:30" }] });
    const body = registrationBody(event.timeslots[0]!.id, { email: "ics@example.com" });
    await t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body });
    const [verification] = await outboxFor(t.db, "ics@example.com");
    expect(linkIn(verification!.textBody, `${t.config.publicUrl}/manage?t=`)).toBeTruthy();
    const token = linkIn(verification!.textBody, `${t.config.publicUrl}/verify/`).split("/verify/")[1]!;
    expect((await t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } })).statusCode).toBe(200);
    const confirmation = (await outboxFor(t.db, "ics@example.com")).find((m) => m.kind === "registration_confirmation")!;
    const calendar = new ICAL.Component(ICAL.parse(confirmation.icalEvent!));
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    const [registration] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, "ics@example.com"));
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(vevent.uid).toBe(`${registration!.id}@localhost:3000`);
    expect(vevent.sequence).toBe(0);
    expect(vevent.summary).toBe(event.eventName);
    const local = (date: Date) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "America/Argentina/Buenos_Aires",
        dateStyle: "short",
        timeStyle: "short",
      }).format(date);
    expect(local(vevent.startDate.toJSDate())).toBe("20/07/2031, 14:00");
    expect(local(vevent.endDate.toJSDate())).toBe("20/07/2031, 14:30");
  });
});
