import type { ScoutingEvent } from "@common/schemas/events";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations } from "../../db/schema";
import { mailbox } from "../../lib/calendar";
import { registrationToken } from "../../lib/registration-links";
import { parseInvite } from "../../test/calendar";
import { createEvent, linkIn, outboxFor, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { updateBodyFrom } from "../events/events.test-support";

// Issue 19: a registration's calendar invite through its life, read back by ical.js, on both databases.
const t = useTestApp({ mailFrom: '"Agencia Modelos" <castings@agency.test>' });

const latestInvite = async (email: string, kind: string) => {
  const mail = (await outboxFor(t.db, email)).filter((m) => m.kind === kind).at(-1);
  // Unfolded (RFC 5545 folds lines at 75 octets).
  return { raw: mail!.icalEvent!.replace(/\r\n[ \t]/g, ""), ...parseInvite(mail!.icalEvent!) };
};

describe("the calendar invite", () => {
  it("keeps its UID, raises its SEQUENCE and shows Buenos Aires' wall clock through a move, a new date and a cancellation", async () => {
    const event = await createEvent(t.db, {
      eventDate: "2031-03-14",
      timeslots: [
        { startTime: "09:00", endTime: "09:45" },
        { startTime: "18:00", endTime: "19:00" },
      ],
    });
    const [morning, evening] = event.timeslots;
    const email = "invite@example.com";
    const registered = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/registrations`,
      payload: registrationBody(morning!.id, { email, fullName: "Lucía Giménez" }),
    });
    expect(registered.statusCode).toBe(201);
    const [verification] = await outboxFor(t.db, email);
    const token = linkIn(verification!.textBody, `${t.config.publicUrl}/verify/`).split("/verify/")[1]!;
    await t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } });
    const [registration] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email));
    const uid = `${registration!.id}@localhost:3000`;
    const people = { organizer: "mailto:castings@agency.test", attendees: [`mailto:${email}`] };

    const confirmation = await latestInvite(email, "registration_confirmation");
    expect(confirmation).toMatchObject({ method: "REQUEST", uid, sequence: 0, status: "CONFIRMED", ...people });
    expect([confirmation.start, confirmation.end]).toEqual(["2031-03-14 09:00", "2031-03-14 09:45"]);
    // UTC instants (lib/calendar.ts says why): 09:00 in Buenos Aires (UTC−3) is 12:00Z.
    expect(confirmation.raw).toContain("DTSTART:20310314T120000Z");
    expect(confirmation.raw).toMatch(/ORGANIZER;CN="?Agencia Modelos"?:mailto:castings@agency\.test/);
    expect(confirmation.raw).toMatch(/ATTENDEE;[^\r\n]*CN="?Lucía Giménez"?[^\r\n]*:mailto:invite@example\.com/i);

    const manage = registrationToken(t.config, "manage", registration!.id);
    await t.app.inject({
      method: "POST",
      url: "/api/public/registrations/manage/move",
      payload: { t: manage, timeslotId: evening!.id },
    });
    const moved = await latestInvite(email, "registration_moved");
    expect(moved).toMatchObject({ method: "REQUEST", uid, sequence: 1, start: "2031-03-14 18:00", ...people });

    const { headers } = await signedInAs(t.app, { role: "admin" });
    const current = (await t.app.inject({ url: `/api/events/${event.id}`, headers })).json<ScoutingEvent>();
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/events/${event.id}`,
      headers,
      payload: updateBodyFrom(current, { eventDate: "2031-03-21" }),
    });
    expect(put.statusCode).toBe(200);
    const redated = await latestInvite(email, "registration_moved");
    expect(redated).toMatchObject({ uid, sequence: 2, start: "2031-03-21 18:00", end: "2031-03-21 19:00" });

    await t.app.inject({ method: "POST", url: "/api/public/registrations/manage/cancel", payload: { t: manage } });
    const cancelled = await latestInvite(email, "registration_cancelled");
    expect(cancelled).toMatchObject({
      method: "CANCEL",
      status: "CANCELLED",
      uid,
      sequence: 3,
      start: "2031-03-21 18:00",
      ...people,
    });
  });
});

describe("mailbox (MAIL_FROM as the invite's organizer)", () => {
  it("reads a named address, a quoted name and a bare address", () => {
    expect(mailbox("OpenCall <no-reply@localhost>")).toEqual({ name: "OpenCall", email: "no-reply@localhost" });
    expect(mailbox('"Agencia, Modelos" <castings@agency.test>')).toEqual({
      name: "Agencia, Modelos",
      email: "castings@agency.test",
    });
    expect(mailbox(" castings@agency.test ")).toEqual({ name: "OpenCall", email: "castings@agency.test" });
  });
});
