/**
 * One state everywhere (issue 32): a 16- or 17-year-old who verifies the e-mail before the guardian
 * decides is not "confirmed" on the verify reply, in the e-mail after verification, on the manage
 * page or in the calendar invite; the guardian's approval confirms it and says so by e-mail; a
 * refusal reads as such, the verify link included.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, linkIn, outboxFor, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { findNoticeRow, registrantNotice } from "../registrations/registrations.notices";
import { seventeen } from "./privacy.test-support";

const t = useTestApp();
const unique = () => Math.random().toString(36).slice(2, 10);

async function registerMinor() {
  const event = await createEvent(t.db, { eventName: "Casting Primavera" });
  const email = `lola-${unique()}@example.com`;
  const body = registrationBody(event.timeslots[0]!.id, {
    email,
    fullName: "Lola Minor",
    dateOfBirth: seventeen(),
    guardianName: "Marta Madre",
    guardianEmail: `marta-${unique()}@example.com`,
  });
  const res = await t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body });
  expect(res.statusCode).toBe(201);
  const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email));
  const [verification] = await outboxFor(t.db, email);
  const token = linkIn(verification!.textBody, `${t.config.publicUrl}/verify/`).split("/verify/")[1]!;
  return { id: row!.id, email, token };
}

const verify = (token: string) => t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } });
const decide = (id: string, approve: boolean) =>
  t.app.inject({
    method: "POST",
    url: "/api/public/guardian/decision",
    payload: { token: registrationToken(t.config, "guardian", id), approve },
  });
const manage = async (id: string) =>
  (await t.app.inject({ url: `/api/public/registrations/manage?t=${registrationToken(t.config, "manage", id)}` })).json();
const confirmations = async (email: string) =>
  (await outboxFor(t.db, email)).filter((m) => m.kind === "registration_confirmation");

describe("a minor who verifies the e-mail before the guardian decides", () => {
  it("reads 'waiting for the guardian' on the verify reply, in the e-mail, on the manage page and in the invite", async () => {
    const { id, email, token } = await registerMinor();
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: "verified", state: "awaiting_guardian" });

    const [mail] = await confirmations(email);
    expect(mail!.subject).toBe("Correo verificado, falta una autorización: Casting Primavera");
    expect(mail!.textBody).toContain("todavía no está confirmado: falta la autorización de tu madre, padre o tutor");
    expect(mail!.textBody).not.toContain("está confirmado.");
    expect(mail!.icalEvent).toContain("STATUS:TENTATIVE");
    expect((await manage(id)).registration).toMatchObject({ status: "confirmed", state: "awaiting_guardian" });

    // The link used again: still not "already confirmed".
    expect((await verify(token)).json()).toMatchObject({ outcome: "already_verified", state: "awaiting_guardian" });
    expect(await confirmations(email)).toHaveLength(1);
  });

  it("is confirmed by the guardian's approval, and told so by e-mail with the invite confirmed", async () => {
    const { id, email, token } = await registerMinor();
    await verify(token);
    const [before] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, id));
    expect((await decide(id, true)).json()).toEqual({ outcome: "approved", alreadyDecided: false });

    const [, approved] = await confirmations(email);
    expect(approved!.subject).toBe("Registro confirmado: Casting Primavera");
    expect(approved!.textBody).toContain("Tu madre, padre o tutor autorizó tu inscripción para Casting Primavera");
    expect(approved!.icalEvent).toContain("STATUS:CONFIRMED");
    expect(approved!.icalEvent).toContain(`SEQUENCE:${before!.icsSequence + 1}`);
    expect(approved!.attachments).toEqual([expect.objectContaining({ cid: "check-in-qr@opencall" })]);
    expect((await manage(id)).registration.state).toBe("confirmed");
    expect((await verify(token)).json()).toMatchObject({ outcome: "already_verified", state: "confirmed" });
    // A second click of the guardian's changes nothing and sends nothing.
    await decide(id, true);
    expect(await confirmations(email)).toHaveLength(2);
  });
});

describe("a minor's verification e-mail sent again by staff", () => {
  it("says, as the first one, that the registration also waits for the guardian", async () => {
    const { id, email } = await registerMinor();
    const staff = (await signedInAs(t.app, { role: "member" })).headers;
    const res = await t.app.inject({ method: "POST", url: `/api/registrations/${id}/resend-verification`, headers: staff });
    expect(res.statusCode).toBeLessThan(300);
    const sent = (await outboxFor(t.db, email)).filter((m) => m.kind === "registration_verification");
    expect(sent).toHaveLength(2);
    expect(sent[1]!.textBody).toContain("queda en espera hasta que tu madre, padre o tutor la autorice");
  });
});

describe("a minor whose guardian decides first", () => {
  it("approved: nothing to the person until the verification, which then confirms as for an adult", async () => {
    const { id, email, token } = await registerMinor();
    await decide(id, true);
    expect(await confirmations(email)).toEqual([]);
    expect((await manage(id)).registration.state).toBe("awaiting_email");
    expect((await verify(token)).json()).toMatchObject({ outcome: "verified", state: "confirmed" });
    const [mail] = await confirmations(email);
    expect(mail!.subject).toBe("Registro confirmado: Casting Primavera");
    expect(mail!.textBody).toContain("Tu correo fue verificado y tu registro para Casting Primavera está confirmado.");
    expect(mail!.icalEvent).toContain("STATUS:CONFIRMED");
  });

  it("refused: the cancellation says why, the manage page and the verify link say refused, and nothing revives it", async () => {
    const { id, email, token } = await registerMinor();
    expect((await manage(id)).registration.state).toBe("awaiting_email_and_guardian");
    await decide(id, false);
    const cancellation = (await outboxFor(t.db, email)).find((m) => m.kind === "registration_cancelled");
    expect(cancellation!.textBody).toContain("Tu madre, padre o tutor no autorizó tu inscripción para Casting Primavera");
    expect((await manage(id)).registration).toMatchObject({ status: "cancelled", state: "guardian_refused", checkInUrl: null });

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: "verified", registrationCode: expect.any(String), state: "guardian_refused" });
    expect(await confirmations(email)).toEqual([]);
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, id));
    expect(row).toMatchObject({ status: "cancelled", guardianStatus: "refused", emailVerified: true });
  });
});

describe("the reminder and the move of a minor still waiting", () => {
  it("say the approval is missing, and keep the invite tentative", async () => {
    const { id, token } = await registerMinor();
    await verify(token);
    const row = (await findNoticeRow(t.db, id))!;
    for (const notice of ["reminder", "moved"] as const) {
      const mail = registrantNotice(t.config, notice, row);
      expect(mail.text, notice).toContain("Todavía falta la autorización de tu madre, padre o tutor");
      expect(mail.icalEvent, notice).toContain("STATUS:TENTATIVE");
    }
    await decide(id, true);
    const approved = registrantNotice(t.config, "reminder", (await findNoticeRow(t.db, id))!);
    expect(approved.text).not.toContain("falta la autorización");
    expect(approved.icalEvent).toContain("STATUS:CONFIRMED");
  });
});
