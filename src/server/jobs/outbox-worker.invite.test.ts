/** A calendar invite on an outbox row travels as the message's text/calendar part (issue 19). */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { registrationInvite } from "../lib/calendar";
import { enqueueEmail } from "../mail/outbox";
import { useTestApp } from "../test/harness";
import { testEmail, useOutboxWorkers } from "../test/outbox";

const t = useTestApp();
const { smtpServer, worker } = useOutboxWorkers(t);

describe("calendar invites", () => {
  it("are sent as text/calendar with their METHOD, and parse back to the same event", async () => {
    const smtp = await smtpServer();
    const invite = registrationInvite({
      registrationId: "6f1c2d3e-4b5a-4c6d-8e7f-001122334455",
      sequence: 2,
      organizer: "OpenCall <no-reply@agency.test>",
      attendee: { email: "cal@example.com", name: "Cal Núñez" },
      event: { eventName: "Casting Otoño", eventDate: "2031-04-12", location: "Teatro Real, Córdoba" },
      timeslot: { startTime: "10:00", endTime: "11:00" },
      manageUrl: "http://localhost:3000/manage?t=x",
      publicUrl: "http://localhost:3000",
      cancelled: true,
    });
    await enqueueEmail(t.db, testEmail({ to: "cal@example.com", icalEvent: invite }));
    await worker(smtp.url).worker.drainOnce();

    const raw = smtp.received[0]!.raw;
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    const body = /BEGIN:VCALENDAR[\s\S]*END:VCALENDAR/.exec(raw.replace(/=\r\n/g, "").replace(/=3D/g, "="));
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(body![0])).getFirstSubcomponent("vevent")!);
    expect(vevent.uid).toBe("6f1c2d3e-4b5a-4c6d-8e7f-001122334455@localhost:3000");
    expect(vevent.sequence).toBe(2);
    expect(vevent.startDate.toJSDate().toISOString()).toBe("2031-04-12T13:00:00.000Z");
  });
});
