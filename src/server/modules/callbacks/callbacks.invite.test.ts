/**
 * Inviting to a callback (issue 36), on both databases: who is invited and who is skipped and why
 * (a minor without the guardian's approval never is), one e-mail each however often the request
 * comes, the deadline's rules, the answers staff read, and the one reminder.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CallbackInvitation } from "@common/schemas/callbacks";
import { auditLog, callbackInvitations, outboxMessages } from "../../db/schema";
import { createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { seventeen } from "../privacy/privacy.test-support";
import { answer, answerToken, callbackCalls, openCallWithCallback } from "./callbacks.test-support";

const t = useTestApp();
let calls: ReturnType<typeof callbackCalls>;

beforeAll(async () => {
  calls = callbackCalls(t.app, (await signedInAs(t.app, { role: "admin" })).headers);
});

const mailTo = (to: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, to), eq(outboxMessages.kind, "callback_invitation")));

describe("POST /api/events/:id/callback-invitations", () => {
  it("invites the open call's registrants once each, and says who was skipped and why, in the request's order", async () => {
    const { openCall, callback } = await openCallWithCallback(t.app);
    const slot = openCall.timeslots[0]!.id;
    const adult = await createRegistration(t.db, { eventId: openCall.id, timeslotId: slot, language: "en" });
    const approvedMinor = await createRegistration(t.db, {
      eventId: openCall.id,
      timeslotId: slot,
      dateOfBirth: seventeen(),
      guardianName: "Laura Tutora",
      guardianEmail: "laura.tutora@example.com",
      guardianStatus: "approved",
    });
    const waitingMinor = await createRegistration(t.db, {
      eventId: openCall.id,
      timeslotId: slot,
      dateOfBirth: seventeen(),
      guardianName: "Pedro Tutor",
      guardianEmail: "pedro.tutor@example.com",
      guardianStatus: "pending",
    });
    const refusedMinor = await createRegistration(t.db, { eventId: openCall.id, timeslotId: slot, guardianStatus: "refused" });
    const cancelled = await createRegistration(t.db, {
      eventId: openCall.id,
      timeslotId: slot,
      status: "cancelled",
      cancelledAt: new Date(),
    });
    const elsewhere = await openCallWithCallback(t.app);
    const stranger = await createRegistration(t.db, {
      eventId: elsewhere.openCall.id,
      timeslotId: elsewhere.openCall.timeslots[0]!.id,
    });
    const gone = "00000000-0000-4000-8000-000000000000";

    const res = await calls.invite(callback.id, [
      stranger.id,
      adult.id,
      waitingMinor.id,
      approvedMinor.id,
      gone,
      cancelled.id,
      refusedMinor.id,
      adult.id,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      invited: 2,
      skipped: [
        { id: stranger.id, reason: "not_in_open_call" },
        { id: waitingMinor.id, reason: "guardian_not_approved" },
        { id: gone, reason: "erased" },
        { id: cancelled.id, reason: "cancelled" },
        { id: refusedMinor.id, reason: "guardian_not_approved" },
      ],
    });
    // The minors skipped get nothing, nor do their guardians.
    expect(await mailTo(waitingMinor.email)).toEqual([]);
    expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.ccAddress, "pedro.tutor@example.com"))).length).toBe(
      0,
    );

    // One e-mail each, in the person's language, with their own link; the approved minor's guardian copied.
    const [english] = await mailTo(adult.email);
    expect(english!.subject).toBe(`You are invited to the callback: ${callback.eventName}`);
    expect(english!.ccAddress).toBeNull();
    const link = `${t.config.publicUrl}/manage?c=${await answerToken(t.app, callback.id, adult.id)}`;
    expect(english!.textBody).toContain(link);
    expect(english!.htmlBody).toContain(`href="${link}"`);
    const [spanish] = await mailTo(approvedMinor.email);
    expect(spanish!.subject).toBe(`Te invitamos al callback: ${callback.eventName}`);
    expect(spanish!.ccAddress).toBe("laura.tutora@example.com");
    expect(spanish!.textBody).toContain("Le enviamos una copia a Laura Tutora");
    expect(spanish!.textBody).toContain(approvedMinor.registrationCode);
    expect(spanish!.textBody).toContain("01/05/31, 23:59");

    // Again, and twice at once: already invited, and no second e-mail.
    const again = await Promise.all([0, 1].map(() => calls.invite(callback.id, [adult.id, approvedMinor.id])));
    for (const reply of again)
      expect(reply.json()).toEqual({
        invited: 0,
        skipped: [
          { id: adult.id, reason: "already_invited" },
          { id: approvedMinor.id, reason: "already_invited" },
        ],
      });
    expect(await mailTo(adult.email)).toHaveLength(1);
    expect(await mailTo(approvedMinor.email)).toHaveLength(1);
    // One audit row per invited person, naming the callback, and no personal data.
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "callback.invite"), eq(auditLog.eventId, callback.id)));
    expect(audited.map((row) => row.registrationId).sort()).toEqual([adult.id, approvedMinor.id].sort());
    expect(JSON.stringify(audited)).not.toContain(adult.email);
  });

  it("refuses a deadline past, after the callback's first slot, or missing; an open call; an unknown event", async () => {
    const { openCall, callback } = await openCallWithCallback(t.app);
    const person = await createRegistration(t.db, { eventId: openCall.id, timeslotId: openCall.timeslots[0]!.id });
    const refused = async (deadline: string, field = "deadline") => {
      const res = await calls.invite(callback.id, [person.id], deadline);
      expect(res.statusCode, deadline).toBe(400);
      expect(Object.keys(res.json().error.fields), deadline).toEqual([field]);
    };
    await refused("2020-01-01T10:00:00-03:00");
    // The first slot starts at 10:00 in Buenos Aires on the callback's day.
    await refused("2031-05-10T10:01:00-03:00");
    await refused("2031-05-01");
    const res = await calls.invite(callback.id, [person.id], "2031-05-10T10:00:00-03:00");
    expect(res.json()).toEqual({ invited: 1, skipped: [] });

    const notCallback = await calls.invite(openCall.id, [person.id]);
    expect(notCallback.statusCode).toBe(409);
    expect(notCallback.json().error.code).toBe("not_a_callback_event");
    const unknown = await calls.invite("00000000-0000-4000-8000-000000000000", [person.id]);
    expect(unknown.statusCode).toBe(404);
    expect((await calls.invite(callback.id, [])).statusCode).toBe(400);
    expect(
      await t.db.select().from(callbackInvitations).where(eq(callbackInvitations.callbackEventId, callback.id)),
    ).toHaveLength(1);
  });
});

describe("GET /api/events/:id/callback-invitations and the reminder", () => {
  it("shows each answer (accepted with its slot, declined, no answer, expired) and reminds, once, those still to answer", async () => {
    const { openCall, callback } = await openCallWithCallback(t.app);
    const people = await Promise.all(
      ["Ana", "Bea", "Caro", "Dani"].map((name) =>
        createRegistration(t.db, { eventId: openCall.id, timeslotId: openCall.timeslots[0]!.id, fullName: `${name} Prueba` }),
      ),
    );
    const [accepting, declining, silent, late] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    await calls.invite(
      callback.id,
      people.map((p) => p.id),
    );
    const slot = callback.timeslots[1]!;
    expect(
      (await answer(t.app, { t: await answerToken(t.app, callback.id, accepting.id), timeslotId: slot.id })).statusCode,
    ).toBe(200);
    expect((await answer(t.app, { t: await answerToken(t.app, callback.id, declining.id), decline: true })).statusCode).toBe(200);
    // Dani's deadline has passed.
    await t.db
      .update(callbackInvitations)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(callbackInvitations.registrationId, late.id));

    const listed = await calls.list(callback.id);
    expect(listed.statusCode).toBe(200);
    const items = listed.json<{ items: CallbackInvitation[] }>().items;
    const byName = new Map(items.map((item) => [item.person.fullName, item]));
    expect(byName.get("Ana Prueba")).toMatchObject({
      answer: "accepted",
      timeslot: { id: slot.id, startTime: "11:00", endTime: "12:00" },
      answeredAt: expect.any(String),
      person: { registrationId: accepting.id, email: accepting.email, registrationCode: accepting.registrationCode },
    });
    expect(byName.get("Ana Prueba")!.callbackRegistrationId).toEqual(expect.any(String));
    expect(byName.get("Bea Prueba")).toMatchObject({ answer: "declined", timeslot: null, callbackRegistrationId: null });
    expect(byName.get("Caro Prueba")).toMatchObject({ answer: "no_answer", answeredAt: null, remindedAt: null });
    expect(byName.get("Dani Prueba")).toMatchObject({ answer: "expired" });

    // Only Caro is still to answer in time; a second reminder sends nothing.
    expect((await calls.remind(callback.id)).json()).toEqual({ reminded: 1 });
    expect((await calls.remind(callback.id)).json()).toEqual({ reminded: 0 });
    const reminders = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "callback_reminder"));
    expect(reminders.map((m) => m.toAddress)).toEqual([silent.email]);
    expect(reminders[0]!.textBody).toContain(
      `${t.config.publicUrl}/manage?c=${await answerToken(t.app, callback.id, silent.id)}`,
    );
    const after = (await calls.list(callback.id)).json<{ items: CallbackInvitation[] }>().items;
    expect(after.find((item) => item.person.fullName === "Caro Prueba")!.remindedAt).toEqual(expect.any(String));
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, "callback.remind"));
    expect(audited.map((row) => row.registrationId)).toEqual([silent.id]);
  });

  it("hides the contacts and photos from an API token that does not hold them", async () => {
    const { openCall, callback } = await openCallWithCallback(t.app);
    const person = await createRegistration(t.db, { eventId: openCall.id, timeslotId: openCall.timeslots[0]!.id });
    await calls.invite(callback.id, [person.id]);
    const admin = await signedInAs(t.app, { role: "admin" });
    const made = await t.app.inject({
      method: "POST",
      url: "/api/tokens",
      headers: admin.headers,
      payload: { name: "Planilla", permissions: ["callbacks.manage"] },
    });
    const listed = await t.app.inject({
      url: `/api/events/${callback.id}/callback-invitations`,
      headers: { authorization: `Bearer ${made.json().token}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items[0].person).toMatchObject({
      fullName: person.fullName,
      email: null,
      phoneNumber: null,
      photos: [],
    });
  });
});
