/**
 * The person's answer to a callback invitation (issue 36), on both databases: choosing a slot makes
 * their registration in the callback (their data and photos carried over, confirmed, with its QR code
 * and invite) and moves their stage; declining is recorded; one answer, before the deadline.
 */
import ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { REGISTRANT_FIELD_NAMES } from "@common/registrant/fields";
import type { CallbackView } from "@common/schemas/callbacks";
import {
  callbackInvitations,
  eventTimeslots,
  modelRegistrations,
  outboxMessages,
  photos,
  registrationStageChanges,
  scoutingEvents,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createRegistration, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { seventeen, uploadPhoto } from "../privacy/privacy.test-support";
import {
  answer,
  answerToken,
  CALLBACK_DATE,
  callbackCalls,
  openCallWithCallback,
  viewInvitation,
} from "./callbacks.test-support";

const t = useTestApp();
let admin: { user: { id: string }; headers: Record<string, string> };
let calls: ReturnType<typeof callbackCalls>;

beforeAll(async () => {
  admin = await signedInAs(t.app, { role: "admin" });
  calls = callbackCalls(t.app, admin.headers);
  await t.db.insert(webhookEndpoints).values({
    url: "http://127.0.0.1:9/hooks",
    events: ["stage.changed", "callback.answered", "registration.created"],
    permissions: ["registrations.read"],
    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    userId: admin.user.id,
  });
});

/** A 17-year-old whose guardian approved, registered through the public form with a face photo, invited. */
async function invitedMinorWithPhoto() {
  const { openCall, callback } = await openCallWithCallback(t.app);
  const body = registrationBody(openCall.timeslots[0]!.id, {
    dateOfBirth: seventeen(),
    guardianName: "Laura Tutora",
    guardianEmail: `laura-${Date.now()}@example.com`,
    photos: { face: await uploadPhoto(t.app, openCall.id) },
  });
  const res = await t.app.inject({ method: "POST", url: `/api/public/events/${openCall.id}/registrations`, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const [person] = await t.db
    .select()
    .from(modelRegistrations)
    .where(eq(modelRegistrations.email, body.email as string));
  await t.db
    .update(modelRegistrations)
    .set({ guardianStatus: "approved", stage: "shortlisted" })
    .where(eq(modelRegistrations.id, person!.id));
  expect((await calls.invite(callback.id, [person!.id])).json()).toEqual({ invited: 1, skipped: [] });
  return {
    openCall,
    callback,
    person: { ...person!, guardianStatus: "approved" as const },
    token: await answerToken(t.app, callback.id, person!.id),
  };
}

const deliveriesOf = (type: string, subjectId: string) =>
  t.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.eventType, type), eq(webhookDeliveries.subjectId, subjectId)));

describe("POST /api/public/callbacks/answer: choosing a slot", () => {
  it("makes the callback's registration from the person's data and photos, confirmed, and moves their stage", async () => {
    const { openCall, callback, person, token } = await invitedMinorWithPhoto();
    const before = (await viewInvitation(t.app, token)).json<CallbackView>();
    expect(before).toMatchObject({
      state: "open",
      fullName: person.fullName,
      event: { eventName: callback.eventName, eventDate: "2031-05-10", location: callback.location },
      openCall: { eventName: openCall.eventName },
      chosen: null,
      manageToken: null,
    });
    expect(before.timeslots.map((slot) => [slot.startTime, slot.availableSpots])).toEqual([
      ["10:00", 2],
      ["11:00", 2],
    ]);
    const slot = callback.timeslots[1]!;

    const res = await answer(t.app, { t: token, timeslotId: slot.id });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<CallbackView>();
    expect(view).toMatchObject({ state: "accepted", chosen: { startTime: "11:00", endTime: "12:00" }, timeslots: [] });

    // The registration: the same person, confirmed in that slot, with a code of its own.
    const [made] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, callback.id));
    for (const field of REGISTRANT_FIELD_NAMES) expect(made![field], field).toEqual(person[field]);
    expect(made).toMatchObject({
      timeslotId: slot.id,
      status: "confirmed",
      emailVerified: true,
      language: person.language,
      guardianStatus: "approved",
      guardianEmail: person.guardianEmail,
      consentDataProcessing: true,
      privacyNoticeVersion: person.privacyNoticeVersion,
      stage: "new",
    });
    expect(made!.registrationCode).not.toBe(person.registrationCode);
    expect(view.manageToken).toBe(registrationToken(t.config, "manage", made!.id));
    const [counted] = await t.db.select().from(eventTimeslots).where(eq(eventTimeslots.id, slot.id));
    expect(counted!.registeredCount).toBe(1);

    // Its photo: the same file, shown to staff as the callback registration's own.
    const [original] = await t.db.select().from(photos).where(eq(photos.registrationId, person.id));
    const [copy] = await t.db.select().from(photos).where(eq(photos.registrationId, made!.id));
    expect(copy).toMatchObject({
      kind: "face",
      eventId: callback.id,
      largeKey: original!.largeKey,
      thumbKey: original!.thumbKey,
    });
    expect(copy!.id).not.toBe(original!.id);
    const shown = await t.app.inject({ url: `/api/registrations/${made!.id}/photos/face?size=thumb`, headers: admin.headers });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/jpeg");

    // The open call's stage moved to callback, recorded as no staff member's move.
    const [moved] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, person.id));
    expect(moved!.stage).toBe("callback");
    expect(moved!.funnelReached).toBe(2);
    const history = await t.db
      .select()
      .from(registrationStageChanges)
      .where(eq(registrationStageChanges.registrationId, person.id));
    expect(history.map((h) => [h.fromStage, h.toStage, h.changedBy])).toEqual([["shortlisted", "callback", null]]);

    // The confirmation, with the door's QR code and the calendar invite of the callback's slot.
    const confirmations = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.toAddress, person.email), eq(outboxMessages.kind, "registration_confirmation")));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.attachments?.[0]).toMatchObject({ contentType: "image/png", cid: expect.any(String) });
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(confirmations[0]!.icalEvent!)).getFirstSubcomponent("vevent")!);
    expect(vevent.uid).toBe(`${made!.id}@localhost:3000`);
    expect(vevent.startDate.toJSDate().toISOString()).toBe("2031-05-10T14:00:00.000Z");
    // Its own manage page (the QR code for the door, moving, cancelling) works as any registration's.
    const manage = await t.app.inject({ url: `/api/public/registrations/manage?t=${view.manageToken}` });
    expect(manage.json()).toMatchObject({
      registration: { registrationCode: made!.registrationCode, state: "confirmed", checkInUrl: expect.any(String) },
      event: { eventName: callback.eventName },
    });
    const checkIn = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers: admin.headers,
      payload: { registrationId: made!.id },
    });
    expect(checkIn.json()).toMatchObject({ checkedIn: true });

    // The webhooks: the new registration, the stage, the answer (in the answer's transaction).
    expect((await deliveriesOf("stage.changed", person.id)).map((d) => d.data)).toEqual([
      { registrationId: person.id, eventId: openCall.id, from: "shortlisted", to: "callback" },
    ]);
    const [invitation] = await t.db.select().from(callbackInvitations).where(eq(callbackInvitations.registrationId, person.id));
    expect((await deliveriesOf("callback.answered", person.id)).map((d) => d.data)).toEqual([
      {
        invitationId: invitation!.id,
        registrationId: person.id,
        eventId: callback.id,
        answer: "accepted",
        timeslotId: slot.id,
        callbackRegistrationId: made!.id,
      },
    ]);
    expect(await deliveriesOf("registration.created", made!.id)).toHaveLength(1);

    // One answer: a second is refused, whatever it says.
    for (const again of [{ decline: true as const }, { timeslotId: callback.timeslots[0]!.id }]) {
      const second = await answer(t.app, { t: token, ...again });
      expect(second.statusCode).toBe(409);
      expect(second.json().error.code).toBe("callback_already_answered");
    }
    expect(await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, callback.id))).toHaveLength(1);
  });

  it("refuses a full slot, a slot of another event, a started slot, both answers at once, and a link not of an invitation", async () => {
    const { openCall, callback } = await openCallWithCallback(t.app, { timeslots: [{ capacity: 1 }, { capacity: 1 }] });
    const people = await Promise.all(
      [0, 1].map(() => createRegistration(t.db, { eventId: openCall.id, timeslotId: openCall.timeslots[0]!.id })),
    );
    await calls.invite(
      callback.id,
      people.map((p) => p.id),
    );
    const [first, second] = await Promise.all(people.map((p) => answerToken(t.app, callback.id, p.id)));
    const [morning, afternoon] = callback.timeslots;
    expect((await answer(t.app, { t: first!, timeslotId: morning!.id })).statusCode).toBe(200);

    const full = await answer(t.app, { t: second!, timeslotId: morning!.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe("timeslot_full");
    const foreign = await answer(t.app, { t: second!, timeslotId: openCall.timeslots[0]!.id });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().error.fields)).toEqual(["timeslotId"]);
    const both = await answer(t.app, { t: second!, timeslotId: afternoon!.id, decline: true });
    expect(both.statusCode).toBe(400);
    // The callback's day gone by: its slots have started, and none is offered or taken.
    await t.db.update(scoutingEvents).set({ eventDate: "2026-01-10" }).where(eq(scoutingEvents.id, callback.id));
    const started = await answer(t.app, { t: second!, timeslotId: afternoon!.id });
    expect(started.statusCode).toBe(409);
    expect(started.json().error.code).toBe("timeslot_started");
    expect((await viewInvitation(t.app, second!)).json()).toMatchObject({ state: "open", timeslots: [] });
    await t.db.update(scoutingEvents).set({ eventDate: CALLBACK_DATE }).where(eq(scoutingEvents.id, callback.id));
    for (const bad of [registrationToken(t.config, "manage", people[1]!.id), "x".repeat(43)]) {
      const res = await answer(t.app, { t: bad, decline: true });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("invalid_token");
      expect((await viewInvitation(t.app, bad)).statusCode).toBe(404);
    }
    // Nothing was taken by the refusals: the second person still chooses.
    const view = (await viewInvitation(t.app, second!)).json<CallbackView>();
    expect(view.state).toBe("open");
    expect(view.timeslots.map((slot) => slot.id)).toEqual([afternoon!.id]);
    expect((await answer(t.app, { t: second!, timeslotId: afternoon!.id })).statusCode).toBe(200);
  });
});

describe("declining, and the deadline", () => {
  it("records a decline once, changes no stage and makes no registration", async () => {
    const { openCall, callback } = await openCallWithCallback(t.app);
    const person = await createRegistration(t.db, {
      eventId: openCall.id,
      timeslotId: openCall.timeslots[0]!.id,
      stage: "shortlisted",
    });
    await calls.invite(callback.id, [person.id]);
    const token = await answerToken(t.app, callback.id, person.id);
    const res = await answer(t.app, { t: token, decline: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: "declined", timeslots: [], chosen: null, manageToken: null });
    expect((await viewInvitation(t.app, token)).json().state).toBe("declined");
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, person.id));
    expect(row!.stage).toBe("shortlisted");
    expect(await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, callback.id))).toEqual([]);
    expect((await deliveriesOf("callback.answered", person.id)).map((d) => d.data)).toMatchObject([
      { answer: "declined", timeslotId: null, callbackRegistrationId: null },
    ]);
    expect((await answer(t.app, { t: token, timeslotId: callback.timeslots[0]!.id })).json().error.code).toBe(
      "callback_already_answered",
    );
  });

  it("refuses an answer after the deadline, with the deadline in its message, and shows the invitation expired", async () => {
    const { openCall, callback } = await openCallWithCallback(t.app);
    const person = await createRegistration(t.db, { eventId: openCall.id, timeslotId: openCall.timeslots[0]!.id });
    await calls.invite(callback.id, [person.id]);
    await t.db
      .update(callbackInvitations)
      .set({ deadline: new Date("2026-01-10T21:00:00Z") })
      .where(eq(callbackInvitations.registrationId, person.id));
    const token = await answerToken(t.app, callback.id, person.id);
    for (const body of [{ decline: true as const }, { timeslotId: callback.timeslots[0]!.id }]) {
      const res = await answer(t.app, { t: token, ...body });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: "callback_deadline_passed",
        message: "El plazo para responder terminó el 10/01/26, 18:00.",
      });
    }
    expect((await viewInvitation(t.app, token)).json()).toMatchObject({ state: "expired", timeslots: [] });
    expect(await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, callback.id))).toEqual([]);
  });
});
