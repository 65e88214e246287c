import type { ScoutingEvent } from "@common/schemas/events";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { modelRegistrations } from "../../db/schema";
import { sendDueReminders } from "../../jobs/scheduler";
import { manageUrl } from "../../lib/registration-links";
import { zonedInstant } from "../../lib/calendar";
import { parseInvite } from "../../test/calendar";
import { createEvent, createRegistration, outboxFor, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { updateBodyFrom } from "../events/events.test-support";

// Issue 19: staff changes of a registration's time update its invite, reminder and notice, on both databases.
const t = useTestApp();
let headers: Record<string, string>;

beforeAll(async () => {
  headers = (await signedInAs(t.app, { role: "admin" })).headers;
});

const stored = async (id: string) => (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, id)))[0]!;
const noticesTo = async (email: string) => (await outboxFor(t.db, email)).filter((m) => m.kind === "registration_moved");
const getEvent = async (id: string) => (await t.app.inject({ url: `/api/events/${id}`, headers })).json<ScoutingEvent>();
const putEvent = (id: string, payload: object) => t.app.inject({ method: "PUT", url: `/api/events/${id}`, headers, payload });
const REMINDED = new Date("2031-01-01T12:00:00Z");

async function confirmed(eventId: string, timeslotId: string, overrides: Partial<typeof modelRegistrations.$inferInsert> = {}) {
  return createRegistration(t.db, {
    eventId,
    timeslotId,
    status: "confirmed",
    emailVerified: true,
    reminderSentAt: REMINDED,
    ...overrides,
  });
}

describe("a staff edit moving a registration to another slot", () => {
  it("sends the moved notice with the updated invite (same UID, higher SEQUENCE, new local time) and re-arms the reminder", async () => {
    const event = await createEvent(t.db, {
      eventDate: "2031-05-10",
      timeslots: [
        { startTime: "10:00", endTime: "11:00" },
        { startTime: "15:30", endTime: "16:00" },
      ],
    });
    const [from, to] = event.timeslots;
    const r = await confirmed(event.id, from!.id);

    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/registrations/${r.id}`,
      headers,
      payload: { timeslotId: to!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(r.id)).toMatchObject({ timeslotId: to!.id, icsSequence: 1, reminderSentAt: null });
    const [notice] = await noticesTo(r.email);
    expect(notice!.textBody).toContain(manageUrl(t.config, r.id));
    expect(parseInvite(notice!.icalEvent!)).toMatchObject({
      method: "REQUEST",
      uid: `${r.id}@localhost:3000`,
      sequence: 1,
      start: "2031-05-10 15:30",
      end: "2031-05-10 16:00",
    });

    // The reminder comes again, naming the new time.
    await sendDueReminders(t.db, t.config, new Date(zonedInstant("2031-05-10", "15:30").getTime() - 20 * 3_600_000));
    const reminder = (await outboxFor(t.db, r.email)).find((m) => m.kind === "registration_reminder");
    expect(parseInvite(reminder!.icalEvent!)).toMatchObject({ sequence: 1, start: "2031-05-10 15:30" });

    // An edit that leaves the slot alone sends nothing more.
    await t.app.inject({ method: "PATCH", url: `/api/registrations/${r.id}`, headers, payload: { location: "Córdoba" } });
    expect(await noticesTo(r.email)).toHaveLength(1);
    expect((await stored(r.id)).icsSequence).toBe(1);
  });
});

describe("an event edit moving time", () => {
  it("a new date: every live registration gets its updated invite and notice, its reminder re-armed", async () => {
    const event = await createEvent(t.db, { eventDate: "2031-06-01", timeslots: [{}, {}] });
    const [a, b] = event.timeslots;
    const ra = await confirmed(event.id, a!.id);
    const rb = await confirmed(event.id, b!.id, { status: "pending", emailVerified: false, reminderSentAt: null });
    const gone = await confirmed(event.id, a!.id, { status: "cancelled", cancelledAt: new Date() });

    const res = await putEvent(event.id, updateBodyFrom(await getEvent(event.id), { eventDate: "2031-06-08" }));
    expect(res.statusCode, res.body).toBe(200);
    for (const [r, start] of [
      [ra, "2031-06-08 10:00"],
      [rb, "2031-06-08 11:00"],
    ] as const) {
      expect(await stored(r.id)).toMatchObject({ icsSequence: 1, reminderSentAt: null });
      const notices = await noticesTo(r.email);
      expect(notices).toHaveLength(1);
      expect(parseInvite(notices[0]!.icalEvent!)).toMatchObject({ uid: `${r.id}@localhost:3000`, sequence: 1, start });
    }
    expect(await outboxFor(t.db, gone.email)).toEqual([]);
    expect((await stored(gone.id)).icsSequence).toBe(0);
  });

  it("a slot's new start moves its registrations only; a new end alone updates the invite and keeps the reminder", async () => {
    const event = await createEvent(t.db, { eventDate: "2031-06-15", timeslots: [{}, {}, {}] });
    const [a, b, c] = event.timeslots;
    const [ra, rb, rc] = [await confirmed(event.id, a!.id), await confirmed(event.id, b!.id), await confirmed(event.id, c!.id)];
    const current = await getEvent(event.id);
    const body = updateBodyFrom(current);
    body.timeslots[0] = { ...body.timeslots[0]!, startTime: "09:30" };
    body.timeslots[1] = { ...body.timeslots[1]!, endTime: "12:30" };

    expect((await putEvent(event.id, body)).statusCode).toBe(200);
    expect(await stored(ra.id)).toMatchObject({ icsSequence: 1, reminderSentAt: null });
    expect(parseInvite((await noticesTo(ra.email))[0]!.icalEvent!)).toMatchObject({
      sequence: 1,
      start: "2031-06-15 09:30",
      end: "2031-06-15 11:00",
    });
    expect(await stored(rb.id)).toMatchObject({ icsSequence: 1, reminderSentAt: REMINDED });
    expect(parseInvite((await noticesTo(rb.email))[0]!.icalEvent!)).toMatchObject({
      start: "2031-06-15 11:00",
      end: "2031-06-15 12:30",
    });
    expect(await noticesTo(rc.email)).toEqual([]);
    expect((await stored(rc.id)).icsSequence).toBe(0);

    // Saving again without a change of time sends nothing.
    expect((await putEvent(event.id, body)).statusCode).toBe(200);
    expect((await noticesTo(ra.email)).length + (await noticesTo(rb.email)).length).toBe(2);
  });

  it("a past event's record corrected: the invite's SEQUENCE rises, nobody is notified, the reminder is left", async () => {
    const event = await createEvent(t.db, { eventDate: "2020-02-10", timeslots: [{}, {}] });
    const [a, b] = event.timeslots;
    const r = await confirmed(event.id, a!.id);
    expect((await putEvent(event.id, updateBodyFrom(await getEvent(event.id), { eventDate: "2020-02-11" }))).statusCode).toBe(
      200,
    );
    await t.app.inject({ method: "PATCH", url: `/api/registrations/${r.id}`, headers, payload: { timeslotId: b!.id } });
    expect(await stored(r.id)).toMatchObject({ timeslotId: b!.id, icsSequence: 2, reminderSentAt: REMINDED });
    expect(await outboxFor(t.db, r.email)).toEqual([]);
  });
});
