/**
 * Consent on the waiting list (issues 18 and 19): joining asks the same consent as registering; an
 * entry holding none never becomes a registration; an accepted offer keeps the consent to be shown to
 * clients; a minor who accepts an offer has their guardian asked; and a cancelled registration (a guardian's refusal) can still ask for its data's link.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations, outboxMessages, waitlistEntries } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, linkIn, outboxFor, registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { AHEAD } from "../waitlist/waitlist.test-support";
import { seventeen } from "./privacy.test-support";

const t = useTestApp();

const unique = () => Math.random().toString(36).slice(2, 10);

/** A one-spot slot ahead, taken: whoever joins its line waits (and is offered a spot freed). */
async function fullSlot() {
  const event = await createEvent(t.db, { eventDate: AHEAD, timeslots: [{ capacity: 1 }] });
  const slot = event.timeslots[0]!;
  const holder = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
  return { event, slot, holder };
}

const join = (eventId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/waitlist`, payload: body });

/** Frees the slot's spot (its holder cancels), so the first in line is offered it; the offer's token. */
async function offerTo(holderId: string, email: string) {
  const cancelled = await t.app.inject({
    method: "POST",
    url: "/api/public/registrations/manage/cancel",
    payload: { t: registrationToken(t.config, "manage", holderId) },
  });
  expect(cancelled.statusCode).toBe(200);
  const offer = (await outboxFor(t.db, email)).find((m) => m.kind === "waitlist_offer");
  return new URL(linkIn(offer!.textBody, `${t.config.publicUrl}/waitlist?t=`)).searchParams.get("t")!;
}

const accept = (token: string) => t.app.inject({ method: "POST", url: "/api/public/waitlist/accept", payload: { t: token } });

describe("joining a waiting list", () => {
  it("is refused without the consent to the processing, or a minor without a guardian; nothing is stored", async () => {
    const { event, slot } = await fullSlot();
    const email = `sin-consentimiento-${unique()}@example.com`;
    const refused = await join(event.id, registrationBody(slot.id, { email, consentDataProcessing: false }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: "consent_required",
      fields: { consentDataProcessing: expect.any(String) },
    });
    const minor = await join(event.id, registrationBody(slot.id, { email, dateOfBirth: seventeen() }));
    expect(minor.statusCode).toBe(400);
    expect(Object.keys(minor.json().error.fields).sort()).toEqual(["guardianEmail", "guardianName"]);
    expect(await t.db.$count(waitlistEntries, eq(waitlistEntries.email, email))).toBe(0);
  });
});

describe("accepting an offer", () => {
  it("never makes a registration from an entry with no consent on record", async () => {
    const { event, slot, holder } = await fullSlot();
    const email = `antigua-${unique()}@example.com`;
    expect((await join(event.id, registrationBody(slot.id, { email }))).statusCode).toBe(201);
    // An entry from before the waiting list asked for consent.
    await t.db.update(waitlistEntries).set({ consent: null }).where(eq(waitlistEntries.email, email));
    const res = await accept(await offerTo(holder.id, email));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("consent_required");
    expect(await t.db.$count(modelRegistrations, eq(modelRegistrations.email, email))).toBe(0);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
    expect(entry!.status).toBe("offered");
  });

  it("carries the consent to be shown to clients into the registration, with its time (issue 36)", async () => {
    const { event, slot, holder } = await fullSlot();
    const email = `clientes-${unique()}@example.com`;
    expect((await join(event.id, registrationBody(slot.id, { email, consentClientSharing: true }))).statusCode).toBe(201);
    expect((await accept(await offerTo(holder.id, email))).statusCode).toBe(200);
    const [registration] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email));
    expect(registration).toMatchObject({ consentClientSharing: true, consentClientSharingAt: registration!.consentedAt });
  });

  it("by a 17-year-old asks their guardian, as the form's registration does", async () => {
    const { event, slot, holder } = await fullSlot();
    const email = `menor-${unique()}@example.com`;
    const guardianEmail = `tutor-${unique()}@example.com`;
    const body = registrationBody(slot.id, {
      email,
      fullName: "Lola Espera",
      dateOfBirth: seventeen(),
      guardianName: "Marta Tutora",
      guardianEmail,
    });
    expect((await join(event.id, body)).statusCode).toBe(201);
    expect(await outboxFor(t.db, guardianEmail)).toEqual([]);

    const res = await accept(await offerTo(holder.id, email));
    expect(res.statusCode).toBe(200);
    // Not "confirmed" while the guardian has not approved (issue 32): the page and the e-mail say what is missing.
    expect(res.json()).toMatchObject({ status: "accepted", registrationState: "awaiting_guardian" });
    const confirmation = (await outboxFor(t.db, email)).find((m) => m.kind === "registration_confirmation");
    expect(confirmation!.textBody).toContain("falta la autorización de tu madre, padre o tutor");
    expect(confirmation!.icalEvent).toContain("STATUS:TENTATIVE");
    const [registration] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email));
    expect(registration).toMatchObject({
      guardianStatus: "pending",
      guardianName: "Marta Tutora",
      guardianEmail,
      consentDataProcessing: true,
      privacyNoticeVersion: 1,
    });
    const [request] = await outboxFor(t.db, guardianEmail);
    expect(request).toMatchObject({ kind: "guardian_request", status: "pending" });
    expect(request!.textBody).toContain("Lola Espera");
    expect(request!.textBody).toContain(`/guardian?t=${registrationToken(t.config, "guardian", registration!.id)}`);
  });
});

describe("a registration cancelled by the guardian's refusal", () => {
  it("can still ask for its manage link at /privacy/request, and download its data with it", async () => {
    const event = await createEvent(t.db);
    const email = `rechazada-${unique()}@example.com`;
    const created = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/registrations`,
      payload: registrationBody(event.timeslots[0]!.id, {
        email,
        dateOfBirth: seventeen(),
        guardianName: "Marta",
        guardianEmail: `marta-${unique()}@example.com`,
      }),
    });
    const [row] = await t.db
      .select()
      .from(modelRegistrations)
      .where(eq(modelRegistrations.registrationCode, created.json().registrationCode));
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/public/guardian/decision",
      payload: { token: registrationToken(t.config, "guardian", row!.id), approve: false },
    });
    expect(refused.json()).toMatchObject({ outcome: "refused" });

    const request = await t.app.inject({ method: "POST", url: "/api/public/privacy/request", payload: { email } });
    expect(request.statusCode).toBe(202);
    const [access] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "privacy_access"));
    expect(access!.toAddress).toBe(email);
    const link = new URL(linkIn(access!.textBody, `${t.config.publicUrl}/manage?t=`));
    expect(link.searchParams.get("t")).toBe(registrationToken(t.config, "manage", row!.id));
    const exported = await t.app.inject({ url: `/api/public/registrations/manage/export?t=${link.searchParams.get("t")}` });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("application/zip");
  });
});
