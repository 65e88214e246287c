import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations, outboxMessages } from "../../db/schema";
import { createEvent, registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";

// The registrant's e-mails speak the language they registered in; the errors, the request's.
const t = useTestApp({ publicUrl: "http://opencall.test" });

const register = (eventId: string, body: Record<string, unknown>, language: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/public/events/${eventId}/registrations`,
    payload: body,
    headers: { "accept-language": language },
  });

async function mailTo(email: string, kind: string) {
  const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email));
  return rows.find((row) => row.kind === kind)!;
}

describe("the registrant's language", () => {
  it("stores the request's language and writes the verification and confirmation e-mails in English", async () => {
    const event = await createEvent(t.db);
    const body = registrationBody(event.timeslots[0]!.id, { email: "english@example.com" });
    const res = await register(event.id, body, "en-US,en;q=0.9");
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, "english@example.com"));
    expect(row!.language).toBe("en");

    const mail = await mailTo("english@example.com", "registration_verification");
    expect(mail.subject).toBe(`Confirm your registration for ${event.eventName}`);
    expect(mail.textBody).toContain("Verify my email");
    expect(mail.textBody).toContain("Mar 5, 2026");
    expect(mail.textBody).toContain("The link expires in 48 hours.");
    expect(mail.htmlBody).toContain('lang="en"');
    expect(mail.htmlBody).toContain("If the button does not work");

    // The confirmation follows the stored language, whatever the verifying request asks.
    const token = mail.textBody.match(/verify\/([A-Za-z0-9_-]+)/)![1];
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/public/verify",
      payload: { token },
      headers: { "accept-language": "es-AR" },
    });
    expect(verified.statusCode).toBe(200);
    const confirmation = await mailTo("english@example.com", "registration_confirmation");
    expect(confirmation.subject).toBe(`Registration confirmed: ${event.eventName}`);
  });

  it("writes them in Spanish for a Spanish request", async () => {
    const event = await createEvent(t.db);
    const body = registrationBody(event.timeslots[0]!.id, { email: "spanish@example.com" });
    expect((await register(event.id, body, "es-AR")).statusCode).toBe(201);
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, "spanish@example.com"));
    expect(row!.language).toBe("es-AR");
    const mail = await mailTo("spanish@example.com", "registration_verification");
    expect(mail.subject).toBe(`Confirmá tu registro para ${event.eventName}`);
    expect(mail.textBody).toContain("05/03/2026");
    expect(mail.textBody).toContain("El enlace vence en 48 horas.");
  });

  it("answers the public errors in English when asked in English", async () => {
    const event = await createEvent(t.db);
    const slot = event.timeslots[0]!.id;
    const body = registrationBody(slot, { email: "twice@example.com" });
    await register(event.id, body, "en");
    const duplicate = await register(event.id, body, "en");
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe("There is already a registration with this email for this event.");

    const invalid = await register(
      event.id,
      registrationBody(slot, { email: "x@example.com", height: 300, phoneNumber: "abc" }),
      "en",
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toMatchObject({
      height: "Enter a whole number between 160 and 240.",
      phoneNumber: "Enter a valid phone number (digits only).",
    });

    const token = await t.app.inject({
      method: "POST",
      url: "/api/public/verify",
      payload: { token: "x".repeat(43) },
      headers: { "accept-language": "en" },
    });
    expect(token.json().error.message).toBe("The verification link is invalid or has expired.");
  });
});
