/**
 * POST /api/public/authentic (issue 39): the agency's event links, registration codes and campaign
 * messages' codes check as genuine with their event, anything else as not ours, in one shape that
 * never names a person.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";
import { newRegistrationCode } from "../public/registration-code.generator";

const t = useTestApp();
let event: Awaited<ReturnType<typeof createEvent>>;
let code: string;

const check = (text: unknown) => t.app.inject({ method: "POST", url: "/api/public/authentic", payload: { text } });

beforeAll(async () => {
  event = await createEvent(t.db, { eventName: "Casting Primavera", eventDate: "2027-09-21" });
  code = newRegistrationCode();
  await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id, registrationCode: code });
});

const genuine = () => ({
  verdict: "genuine",
  event: { name: "Casting Primavera", date: "2027-09-21", url: `${TEST_PUBLIC_URL}/e/${event.slug}` },
});

describe("POST /api/public/authentic", () => {
  it("recognises the agency's links to an event, alone or inside a pasted message", async () => {
    for (const text of [
      `${TEST_PUBLIC_URL}/events/${event.id}/register`,
      `${TEST_PUBLIC_URL}/e/${event.slug}?utm_source=ig`,
      `Hola! Te invitamos al casting, inscribite en localhost:3000/e/${event.slug}. Saludos`,
    ]) {
      const res = await check(text);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(genuine());
    }
  });

  it("answers not ours for the same path on another host, and for events that do not exist", async () => {
    for (const text of [
      `https://casting-agency.example/e/${event.slug}`,
      `http://localhost:3001/events/${event.id}/register`,
      `${TEST_PUBLIC_URL}/e/no-existe`,
      `${TEST_PUBLIC_URL}/events/00000000-0000-4000-8000-000000000000/register`,
      "Pagá $5000 para el book y te confirmamos el lugar",
    ]) {
      expect((await check(text)).json()).toEqual({ verdict: "not_ours" });
    }
  });

  it("recognises a registration code by its event alone, never its person; an unknown one answers the same shape", async () => {
    const res = await check(`Mi código es ${code.toLowerCase()}`);
    expect(res.json()).toEqual(genuine());
    expect(res.body).not.toMatch(/@|Modelo/);
    expect((await check("OC-ZZZZZZ")).json()).toEqual({ verdict: "not_ours" });
  });

  it("recognises a campaign message by the code at its foot; a forged code does not check", async () => {
    const registration = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers,
      payload: {
        eventId: event.id,
        registrationIds: [registration.id],
        subject: "Aviso",
        content: "Hola {nombre}",
        isHtml: false,
      },
    });
    expect(sent.statusCode).toBe(202);
    await t.app.ctx.campaignMessages.idle();
    const [message] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, registration.email));
    const messageCode = /Código de este mensaje: (OCM-\w{4}-\w{4})/.exec(message!.textBody)?.[1];
    expect(messageCode).toBeDefined();
    expect(message!.textBody).toContain("Verificá en localhost:3000/authentic que este mensaje es nuestro.");
    expect(message!.htmlBody).toContain(messageCode);

    expect((await check(message!.textBody)).json()).toEqual(genuine());
    expect((await check(messageCode!.toLowerCase())).json()).toEqual(genuine());
    const forged = messageCode!.slice(0, -1) + (messageCode!.endsWith("2") ? "3" : "2");
    expect((await check(`Código de este mensaje: ${forged}`)).json()).toEqual({ verdict: "not_ours" });
  });

  it("refuses an empty text as a validation failure", async () => {
    const res = await check("   ");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "validation_failed", fields: { text: expect.any(String) } });
  });
});
