import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailCampaignRecipients, emailCampaigns, outboxMessages } from "../../db/schema";
import { signedInAs } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";
import { eventWithRegistrations as withRegistrations } from "./campaigns.test-support";
import { manageUrl } from "../../lib/registration-links";

const t = useTestApp();
const eventWithRegistrations = (count: number, names: string[] = []) => withRegistrations(t.db, count, names);

let admin: { user: { id: string; name: string; email: string }; headers: Record<string, string> };

beforeAll(async () => {
  admin = await signedInAs(t.app, { role: "admin", name: "Laura Admin" });
});

/** Sends, and waits until the messages the POST left to the background are written. */
async function send(body: object, headers = admin.headers) {
  const res = await t.app.inject({ method: "POST", url: "/api/campaigns", headers, payload: body });
  await t.app.ctx.campaignMessages.idle();
  return res;
}

describe("POST /api/campaigns", () => {
  it("creates the campaign, one queued recipient and one personalised, sanitised outbox message per registration", async () => {
    const { event, registrations } = await eventWithRegistrations(2, ["Ana <b>Pérez</b>", "Bruno Díaz"]);
    const res = await send({
      eventId: event.id,
      registrationIds: registrations.map((r) => r.id),
      subject: "Hola {nombre}: {evento}",
      content:
        '<p onclick="x()">Hola <strong>{nombre}</strong>, tu código es {codigo}.</p><p>Te esperamos el {fecha} ({horario}).</p><script>alert(1)</script><a href="javascript:alert(1)">mal</a><a href="https://agency.test/mapa">Mapa</a>',
      isHtml: true,
    });
    expect(res.statusCode).toBe(202);
    const { campaignId, ...reply } = res.json<{ campaignId: string; message: string }>();
    // No SMTP server in tests: the messages stay in the mailbox, and the reply says so (issue 32).
    expect(reply).toEqual({
      recipientCount: 2,
      delivery: "mailbox",
      message: "2 correos quedan en el buzón, sin SMTP: no se envían a nadie hasta que se configure un servidor SMTP (SMTP_URL).",
    });

    const [campaign] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    expect(campaign).toMatchObject({
      status: "in_progress",
      recipientCount: 2,
      createdBy: admin.user.id,
      eventId: event.id,
      isHtml: true,
    });
    expect(campaign!.content).not.toMatch(/script|onclick|javascript/i);

    const recipients = await t.db
      .select()
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, campaignId));
    expect(recipients.map((r) => [r.registrationId, r.status]).sort()).toEqual(registrations.map((r) => [r.id, "queued"]).sort());
    expect(recipients.every((r) => r.readTokenHash && r.readTokenHash.length === 64)).toBe(true);

    const outbox = await t.db.select().from(outboxMessages);
    for (const registration of registrations) {
      const recipient = recipients.find((r) => r.registrationId === registration.id)!;
      const mail = outbox.find((m) => m.campaignRecipientId === recipient.id)!;
      expect(mail).toMatchObject({ kind: "campaign", toAddress: registration.email, status: "pending" });
      expect(mail.subject).toBe(`Hola ${registration.fullName}: Casting Otoño & Co`);
      expect(mail.htmlBody).toContain(`tu código es ${registration.registrationCode}.`);
      expect(mail.htmlBody).toContain("Te esperamos el 05/03/26 (10:00 - 11:30).");
      expect(mail.htmlBody).toContain('<a href="https://agency.test/mapa">Mapa</a>');
      expect(mail.htmlBody).not.toMatch(/<script|onclick|javascript:/i);
      expect(mail.htmlBody).toMatch(
        new RegExp(`<img src="${TEST_PUBLIC_URL}/api/public/campaign-read/[A-Za-z0-9_-]{43}" width="1" height="1"`),
      );
      expect(mail.textBody).toContain(`tu código es ${registration.registrationCode}.`);
      expect(mail.textBody).toContain("Mapa (https://agency.test/mapa)");
      expect(mail.textBody).not.toMatch(/alert|<p|<a /);
    }
    // A name with markup is text in the message, never markup.
    const ana = outbox.find((m) => m.toAddress === registrations[0]!.email)!;
    expect(ana.htmlBody).toContain("<strong>Ana &lt;b&gt;Pérez&lt;/b&gt;</strong>");
    expect(ana.textBody).toContain("Hola Ana <b>Pérez</b>, tu código");
  });

  it("escapes a plain message and keeps its line breaks, with a text part of its own", async () => {
    const { event, registrations } = await eventWithRegistrations(1, ["Carla"]);
    const res = await send({
      eventId: event.id,
      registrationIds: [registrations[0]!.id],
      subject: "Aviso",
      content: "Hola {nombre},\n<b>no es HTML</b>\n\nSaludos",
      isHtml: false,
    });
    expect(res.statusCode).toBe(202);
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, registrations[0]!.email));
    expect(mail!.htmlBody).toContain("Hola Carla,<br>&lt;b&gt;no es HTML&lt;/b&gt;</p>");
    expect(mail!.htmlBody).toContain(">Saludos</p>");
    expect(mail!.textBody).toBe(
      `Hola Carla,\n<b>no es HTML</b>\n\nSaludos\n\n— El equipo de OpenCall\nContacto: contacto@agency.test\nRecibís este correo porque te registraste en ${event.eventName}.` +
        // Issue 39: the agency's promise, the message's own code and where to check it.
        "\nOpenCall nunca cobra: ni inscripción, ni casting, ni fotos." +
        `\nCódigo de este mensaje: ${/OCM-\w{4}-\w{4}/.exec(mail!.textBody)?.[0]}` +
        "\nVerificá en localhost:3000/authentic que este mensaje es nuestro." +
        `\nGestionar mi inscripción: ${manageUrl(t.config, registrations[0]!.id)}`,
    );
  });

  it("refuses registrations of another event and writes nothing", async () => {
    const { event, registrations } = await eventWithRegistrations(1);
    const other = await eventWithRegistrations(1);
    const before = await t.db.select().from(emailCampaigns);
    const outboxBefore = await t.db.select().from(outboxMessages);
    const res = await send({
      eventId: event.id,
      registrationIds: [registrations[0]!.id, other.registrations[0]!.id],
      subject: "Aviso",
      content: "Hola",
      isHtml: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "validation_failed", fields: { registrationIds: expect.any(String) } });
    expect(await t.db.select().from(emailCampaigns)).toHaveLength(before.length);
    expect(await t.db.select().from(outboxMessages)).toHaveLength(outboxBefore.length);
  });

  it("answers 404 for an unknown event and 400 for a missing subject or message", async () => {
    const { registrations } = await eventWithRegistrations(1);
    const unknown = await send({
      eventId: crypto.randomUUID(),
      registrationIds: [registrations[0]!.id],
      subject: "a",
      content: "b",
      isHtml: false,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("event_not_found");
    const empty = await send({
      eventId: crypto.randomUUID(),
      registrationIds: [registrations[0]!.id],
      subject: "  ",
      content: "",
      isHtml: false,
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields).sort()).toEqual(["content", "subject"]);
    const none = await send({ eventId: crypto.randomUUID(), registrationIds: [], subject: "a", content: "b", isHtml: false });
    expect(none.statusCode).toBe(400);
  });

  it("refuses an HTML message that is empty once sanitised", async () => {
    const { event, registrations } = await eventWithRegistrations(1);
    const res = await send({
      eventId: event.id,
      registrationIds: [registrations[0]!.id],
      subject: "a",
      content: "<script>x</script>",
      isHtml: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("content");
  });

  it("sends one message per registration even when the selection repeats an id", async () => {
    const { event, registrations } = await eventWithRegistrations(1);
    const id = registrations[0]!.id;
    const res = await send({ eventId: event.id, registrationIds: [id, id], subject: "a", content: "b", isHtml: false });
    expect(res.statusCode).toBe(202);
    const recipients = await t.db
      .select()
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, res.json().campaignId));
    expect(recipients).toHaveLength(1);
  });
});
