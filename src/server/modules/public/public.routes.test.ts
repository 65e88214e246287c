import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations, outboxMessages } from "../../db/schema";
import { newSecretToken } from "../../lib/tokens";
import { createEvent, createRegistration, registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { REGISTRATION_CODE_PATTERN } from "./registration-code.generator";

const t = useTestApp({ publicUrl: "http://opencall.test" });

const register = (eventId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/registrations`, payload: body });

const tokenFromMail = (text: string) => {
  const match = text.match(/http:\/\/opencall\.test\/verify\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no verify link in ${text}`);
  return match[1];
};

describe("GET /api/public/events/:eventId", () => {
  it("answers an active event with its slots by start time and their available spots", async () => {
    const event = await createEvent(t.db, {
      timeslots: [
        { startTime: "14:00", endTime: "15:00", capacity: 2 },
        { startTime: "10:00", endTime: "11:00", capacity: 5 },
      ],
    });
    const late = event.timeslots.find((s) => s.startTime.startsWith("14"))!;
    await createRegistration(t.db, { eventId: event.id, timeslotId: late.id });
    await createRegistration(t.db, { eventId: event.id, timeslotId: late.id });

    const res = await t.app.inject({ url: `/api/public/events/${event.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: event.id, eventName: event.eventName, eventDate: "2026-03-05", location: event.location });
    expect(body).not.toHaveProperty("confirmationDetails");
    expect(body.timeslots).toEqual([
      expect.objectContaining({ startTime: "10:00", endTime: "11:00", capacity: 5, availableSpots: 5 }),
      expect.objectContaining({ startTime: "14:00", endTime: "15:00", capacity: 2, availableSpots: 0 }),
    ]);
    // Spots, not how many others registered.
    expect(body.timeslots[1]).not.toHaveProperty("registrationCount");
  });

  it("answers 404 event_not_found for an inactive, missing or malformed event", async () => {
    const inactive = await createEvent(t.db, { status: "inactive" });
    for (const id of [inactive.id, "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f", "not-a-uuid"]) {
      const res = await t.app.inject({ url: `/api/public/events/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("event_not_found");
    }
  });
});

describe("POST /api/public/events/:eventId/registrations", () => {
  it("creates a pending registration, normalised, with its age, a code and a queued verification e-mail", async () => {
    const event = await createEvent(t.db);
    const slot = event.timeslots[0]!;
    const res = await register(event.id, registrationBody(slot.id, { email: "  Vale.Nunez@Example.COM " }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.registrationCode).toMatch(REGISTRATION_CODE_PATTERN);
    expect(body.successToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.verificationEmailQueued).toBe(true);

    const [row] = await t.db
      .select()
      .from(modelRegistrations)
      .where(eq(modelRegistrations.registrationCode, body.registrationCode));
    expect(row).toMatchObject({
      email: "vale.nunez@example.com",
      phoneNumber: "3415551234",
      instagramHandle: "valen.nunez",
      status: "pending",
      emailVerified: false,
      timeslotId: slot.id,
    });
    expect(row!.age).toBeGreaterThanOrEqual(24);
    expect(row!.successTokenHash).not.toBe(body.successToken);
    const ttl = row!.emailVerificationExpiresAt!.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(47 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(48 * 3_600_000);

    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, "vale.nunez@example.com"));
    expect(mail).toMatchObject({ kind: "registration_verification", subject: `Confirmá tu registro para ${event.eventName}` });
    expect(mail!.textBody).toContain(body.registrationCode);
    expect(mail!.textBody).toContain("05/03/2026");
    expect(mail!.textBody).toContain("10:00 - 11:00");
    expect(mail!.htmlBody).toContain("OpenCall");
    tokenFromMail(mail!.textBody);
  });

  it("refuses a second registration with the same e-mail for the event, whatever its case", async () => {
    const event = await createEvent(t.db);
    const slot = event.timeslots[0]!;
    expect((await register(event.id, registrationBody(slot.id, { email: "dup@example.com" }))).statusCode).toBe(201);
    const res = await register(event.id, registrationBody(slot.id, { email: " DUP@example.com" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "duplicate_registration",
      message: "Ya existe un registro con este correo electrónico para este evento.",
    });
    // The same person may register for another event.
    const other = await createEvent(t.db);
    expect((await register(other.id, registrationBody(other.timeslots[0]!.id, { email: "dup@example.com" }))).statusCode).toBe(
      201,
    );
  });

  it("answers timeslot_full once the slot's capacity is reached", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 1 }] });
    const slot = event.timeslots[0]!;
    expect((await register(event.id, registrationBody(slot.id))).statusCode).toBe(201);
    const res = await register(event.id, registrationBody(slot.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("timeslot_full");
  });

  it("refuses an inactive event, and a slot of another event", async () => {
    const inactive = await createEvent(t.db, { status: "inactive" });
    const res = await register(inactive.id, registrationBody(inactive.timeslots[0]!.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("event_not_found");

    const event = await createEvent(t.db);
    const other = await createEvent(t.db);
    const wrongSlot = await register(event.id, registrationBody(other.timeslots[0]!.id));
    expect(wrongSlot.statusCode).toBe(400);
    expect(wrongSlot.json().error.fields).toEqual({ timeslotId: "Por favor seleccioná un horario disponible." });
  });

  it("validates with the shared schema: under 16, bounds, missing slot, with the spec's messages", async () => {
    const event = await createEvent(t.db);
    const res = await register(event.id, {
      ...registrationBody(event.timeslots[0]!.id),
      dateOfBirth: `${new Date().getFullYear() - 15}-01-01`,
      height: 250,
      waist: 59.5,
      timeslotId: undefined,
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toMatchObject({
      dateOfBirth: "Tenés que tener al menos 16 años para registrarte.",
      height: expect.stringContaining("entre 160 y 240"),
      waist: expect.stringContaining("entre 60 y 120"),
      timeslotId: "Por favor seleccioná un horario disponible.",
    });
    const [{ n } = { n: -1 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(modelRegistrations)
      .where(eq(modelRegistrations.eventId, event.id));
    expect(n).toBe(0);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const event = await createEvent(t.db);
    const body = registrationBody(event.timeslots[0]!.id, { website: "http://spam.example" });
    const res = await register(event.id, body);
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, event.id));
    expect(rows).toEqual([]);
    const lookup = await t.app.inject({ url: `/api/public/registration-success?e=${res.json().successToken}` });
    expect(lookup.statusCode).toBe(404);
  });

  it("refuses a body larger than 16 KB", async () => {
    const event = await createEvent(t.db);
    const res = await register(event.id, registrationBody(event.timeslots[0]!.id, { location: "x".repeat(20_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("payload_too_large");
  });
});

describe("the registration success page", () => {
  it("answers the code for the success token only; an e-mail address looks nothing up", async () => {
    const event = await createEvent(t.db);
    const body = registrationBody(event.timeslots[0]!.id);
    const created = (await register(event.id, body)).json();
    const ok = await t.app.inject({ url: `/api/public/registration-success?e=${created.successToken}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ registrationCode: created.registrationCode, email: body.email });

    for (const e of [body.email as string, "", "x".repeat(43)]) {
      const res = await t.app.inject({ url: `/api/public/registration-success?e=${encodeURIComponent(e)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("invalid_token");
    }
  });
});

describe("POST /api/public/verify", () => {
  it("confirms the registration once, sends the confirmation with the event's details, then says already verified", async () => {
    const event = await createEvent(t.db, { confirmationDetails: "Traé tacos y ropa negra ajustada." });
    const body = registrationBody(event.timeslots[0]!.id);
    const created = (await register(event.id, body)).json();
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, body.email as string));
    const token = tokenFromMail(mail!.textBody);

    const first = await t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      outcome: "verified",
      registration: {
        registrationCode: created.registrationCode,
        fullName: "Valentina Núñez",
        internationalWork: true,
        event: { eventName: event.eventName, eventDate: "2026-03-05", confirmationDetails: "Traé tacos y ropa negra ajustada." },
        timeslot: { startTime: "10:00", endTime: "11:00" },
      },
    });
    const [row] = await t.db
      .select()
      .from(modelRegistrations)
      .where(eq(modelRegistrations.registrationCode, created.registrationCode));
    expect(row).toMatchObject({ status: "confirmed", emailVerified: true });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);

    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, body.email as string));
    const confirmation = mails.find((m) => m.kind === "registration_confirmation");
    expect(confirmation?.subject).toBe(`Registro confirmado: ${event.eventName}`);
    expect(confirmation?.textBody).toContain("Traé tacos y ropa negra ajustada.");

    const again = await t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } });
    expect(again.json()).toMatchObject({ outcome: "already_verified", registrationCode: created.registrationCode });
    const after = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, body.email as string));
    expect(after).toHaveLength(2);
  });

  it("shows the sheet shortly after verification only; later uses answer the outcome and the code alone", async () => {
    const event = await createEvent(t.db);
    const body = registrationBody(event.timeslots[0]!.id);
    const created = (await register(event.id, body)).json();
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, body.email as string));
    const token = tokenFromMail(mail!.textBody);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } })).json().registration,
    ).toBeDefined();
    const reload = await t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } });
    expect(reload.json().registration).toMatchObject({ fullName: "Valentina Núñez" });

    // An hour later (the e-mail forwarded, the link found in a shared inbox): no personal data.
    await t.db
      .update(modelRegistrations)
      .set({ emailVerifiedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(modelRegistrations.registrationCode, created.registrationCode));
    const later = await t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual({ outcome: "already_verified", registrationCode: created.registrationCode, state: "confirmed" });
  });

  it("answers invalid_token for an unknown or expired token", async () => {
    const event = await createEvent(t.db);
    const expired = newSecretToken();
    await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: event.timeslots[0]!.id,
      emailVerificationTokenHash: expired.hash,
      emailVerificationExpiresAt: new Date(Date.now() - 1000),
    });
    for (const token of [expired.token, newSecretToken().token]) {
      const res = await t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: "invalid_token",
        message: "El enlace de verificación no es válido o ha expirado.",
      });
    }
  });

  it("is never a side effect of GET", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/public/verify" });
    expect(res.statusCode).toBe(404);
  });
});
