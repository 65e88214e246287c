/**
 * The staff modules' errors reach the person in the request's language (Accept-Language, which the
 * web app always sends), Spanish when the request names none of ours; the codes stay the same.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createEvent, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();
let headers: Record<string, string>;

beforeAll(async () => {
  ({ headers } = await signedInAs(t.app, { role: "admin" }));
});

const inLanguage = (language?: string) => (language ? { ...headers, "accept-language": language } : headers);

describe("staff errors in the request's language", () => {
  it("registrations: a missing registration", async () => {
    const url = `/api/registrations/${randomUUID()}`;
    const english = await t.app.inject({ method: "GET", url, headers: inLanguage("en-US,en;q=0.9") });
    expect(english.statusCode).toBe(404);
    expect(english.json().error).toEqual({ code: "not_found", message: "Registration not found." });
    const spanish = await t.app.inject({ method: "GET", url, headers: inLanguage() });
    expect(spanish.json().error).toEqual({ code: "not_found", message: "Registro no encontrado." });
  });

  it("campaigns: a missing campaign, and the form's messages from the shared schema", async () => {
    const url = `/api/campaigns/${randomUUID()}`;
    const english = await t.app.inject({ method: "GET", url, headers: inLanguage("en") });
    expect(english.json().error).toEqual({ code: "not_found", message: "Campaign not found." });
    const spanish = await t.app.inject({ method: "GET", url, headers: inLanguage() });
    expect(spanish.json().error).toEqual({ code: "not_found", message: "Campaña no encontrada." });

    const event = await createEvent(t.db);
    const payload = { eventId: event.id, registrationIds: [randomUUID()], subject: " ", content: "", isHtml: false };
    const send = (language?: string) =>
      t.app.inject({ method: "POST", url: "/api/campaigns", headers: inLanguage(language), payload });
    const invalidEnglish = (await send("en")).json().error;
    expect(invalidEnglish.code).toBe("validation_failed");
    expect(invalidEnglish.fields).toMatchObject({ subject: "The subject is required.", content: "The message is required." });
    const invalidSpanish = (await send()).json().error;
    expect(invalidSpanish.fields).toMatchObject({ subject: "El asunto es obligatorio.", content: "El mensaje es obligatorio." });
  });

  it("mailbox: a missing message", async () => {
    const url = "/api/dev/mailbox/999999";
    const english = await t.app.inject({ method: "GET", url, headers: inLanguage("en") });
    expect(english.json().error).toEqual({ code: "not_found", message: "This email does not exist." });
    const spanish = await t.app.inject({ method: "GET", url, headers: inLanguage("fr") });
    expect(spanish.json().error).toEqual({ code: "not_found", message: "Este correo no existe." });
  });
});
