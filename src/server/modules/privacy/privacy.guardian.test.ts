/**
 * Consent and a minor's guardian (issue 18): a 17-year-old's registration waits for the guardian,
 * who approves or refuses from the e-mail read off the SMTP server; a registration without the
 * required consent is refused by the API.
 */
import { todayIso } from "@common/dates";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventTimeslots, modelRegistrations } from "../../db/schema";
import { createEvent, linkIn, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { useOutboxWorkers } from "../../test/outbox";

const t = useTestApp();
const { smtpServer, worker } = useOutboxWorkers(t);

/** A birth date that makes the person 17 today (and all year). */
const seventeen = () => `${Number(todayIso().slice(0, 4)) - 17}-01-01`;

async function registerMinor(guardian: { guardianName?: string; guardianEmail?: string } = {}) {
  const event = await createEvent(t.db, { eventName: "Casting Primavera" });
  const slot = event.timeslots[0]!;
  const body = registrationBody(slot.id, {
    fullName: "Lola Minor",
    dateOfBirth: seventeen(),
    guardianName: "Marta Madre",
    guardianEmail: `marta-${Math.random().toString(36).slice(2)}@example.com`,
    ...guardian,
  });
  const res = await t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body });
  return { event, slot, body, res };
}

/** Sends the outbox to a fresh SMTP server and answers the guardian's and the registrant's mails. */
async function deliveredMails(body: Record<string, unknown>) {
  const smtp = await smtpServer();
  await worker(smtp.url).worker.drainOnce();
  const guardianMail = smtp.received.find((m) => m.to.includes(String(body.guardianEmail)));
  const ownMail = smtp.received.find((m) => m.to.includes(String(body.email)));
  if (!guardianMail || !ownMail) throw new Error("the guardian's or the registrant's e-mail was not delivered");
  return {
    guardianMail,
    ownMail,
    token: new URL(linkIn(guardianMail.text, `${t.config.publicUrl}/guardian?t=`)).searchParams.get("t")!,
  };
}

const rowOf = async (registrationCode: string) =>
  (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.registrationCode, registrationCode)))[0]!;

describe("a 17-year-old's registration", () => {
  it("is refused without the guardian's name and e-mail, with a clear message on each field", async () => {
    const { res } = await registerMinor({ guardianName: "", guardianEmail: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("consent_required");
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["guardianEmail", "guardianName"]);
  });

  it("waits for the guardian (staff badge and filter, success page, e-mail) and is approved from the e-mail, once", async () => {
    const { event, body, res } = await registerMinor();
    expect(res.statusCode).toBe(201);
    const { registrationCode, successToken } = res.json();
    const row = await rowOf(registrationCode);
    expect(row).toMatchObject({
      guardianStatus: "pending",
      guardianName: "Marta Madre",
      consentDataProcessing: true,
      privacyNoticeVersion: 1,
    });

    const success = await t.app.inject({ url: `/api/public/registration-success?e=${successToken}` });
    expect(success.json().guardianPendingEmail).toBe(body.guardianEmail);

    const { guardianMail, ownMail, token } = await deliveredMails(body);
    expect(guardianMail.text).toContain("Lola Minor");
    expect(ownMail.text).toContain("madre, padre o tutor");

    const admin = (await signedInAs(t.app, { role: "admin" })).headers;
    const list = await t.app.inject({ url: `/api/registrations?eventId=${event.id}&guardianStatus=pending`, headers: admin });
    expect(list.json().items.map((i: { id: string; guardianStatus: string }) => [i.id, i.guardianStatus])).toEqual([
      [row.id, "pending"],
    ]);

    const view = await t.app.inject({ url: `/api/public/guardian?t=${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      guardianStatus: "pending",
      registration: { fullName: "Lola Minor" },
      // The current notice (migration 0026 published version 2).
      notice: { version: 2 },
    });

    const approve = await t.app.inject({
      method: "POST",
      url: "/api/public/guardian/decision",
      payload: { token, approve: true },
    });
    expect(approve.json()).toEqual({ outcome: "approved", alreadyDecided: false });
    const again = await t.app.inject({
      method: "POST",
      url: "/api/public/guardian/decision",
      payload: { token, approve: false },
    });
    expect(again.json()).toEqual({ outcome: "approved", alreadyDecided: true });
    expect(await rowOf(registrationCode)).toMatchObject({ guardianStatus: "approved", status: "pending" });

    const detail = await t.app.inject({ url: `/api/registrations/${row.id}`, headers: admin });
    expect(detail.json().privacy).toMatchObject({
      guardianStatus: "approved",
      privacyNoticeVersion: 1,
      consentDataProcessing: true,
    });
    const filtered = await t.app.inject({ url: `/api/registrations?eventId=${event.id}&guardianStatus=pending`, headers: admin });
    expect(filtered.json().total).toBe(0);
  });

  it("is cancelled, its spot freed, when the guardian refuses; a later approval changes nothing", async () => {
    const { slot, body, res } = await registerMinor();
    const { registrationCode } = res.json();
    const spotsHeld = async () =>
      (await t.db.select().from(eventTimeslots).where(eq(eventTimeslots.id, slot.id)))[0]!.registeredCount;
    expect(await spotsHeld()).toBe(1);
    const { token } = await deliveredMails(body);
    const refuse = await t.app.inject({
      method: "POST",
      url: "/api/public/guardian/decision",
      payload: { token, approve: false },
    });
    expect(refuse.json()).toEqual({ outcome: "refused", alreadyDecided: false });
    expect(await rowOf(registrationCode)).toMatchObject({ guardianStatus: "refused", status: "cancelled" });
    expect(await spotsHeld()).toBe(0);
    const again = await t.app.inject({ method: "POST", url: "/api/public/guardian/decision", payload: { token, approve: true } });
    expect(again.json()).toEqual({ outcome: "refused", alreadyDecided: true });
  });

  it("answers 404 to a forged or another purpose's token", async () => {
    for (const token of ["x".repeat(43), "nope"]) {
      const res = await t.app.inject({ method: "POST", url: "/api/public/guardian/decision", payload: { token, approve: true } });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe("consent", () => {
  it("refuses a registration without consent to the processing of the data (400 consent_required)", async () => {
    const event = await createEvent(t.db);
    for (const overrides of [
      { consentDataProcessing: false },
      { consentDataProcessing: undefined },
      { privacyNoticeVersion: undefined },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/registrations`,
        payload: registrationBody(event.timeslots[0]!.id, overrides),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: "consent_required", fields: { consentDataProcessing: expect.any(String) } });
    }
    expect(await t.db.$count(modelRegistrations, eq(modelRegistrations.eventId, event.id))).toBe(0);
  });

  it("refuses a notice version never published, and an adult needs no guardian", async () => {
    const event = await createEvent(t.db);
    const stale = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/registrations`,
      payload: registrationBody(event.timeslots[0]!.id, { privacyNoticeVersion: 7 }),
    });
    expect(stale.json().error.fields).toHaveProperty("privacyNoticeVersion");
    const adult = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/registrations`,
      payload: registrationBody(event.timeslots[0]!.id),
    });
    expect(adult.statusCode).toBe(201);
    expect(await rowOf(adult.json().registrationCode)).toMatchObject({ guardianStatus: "not_required", guardianEmail: null });
  });
});
