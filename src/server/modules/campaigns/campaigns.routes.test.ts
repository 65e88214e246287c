import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailCampaignRecipients, emailCampaigns, outboxMessages, type ModelRegistrationRow } from "../../db/schema";
import { newSecretToken } from "../../lib/tokens";
import { createCampaign, createEvent, createRegistration, signedInAs } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";

const t = useTestApp();

/** A recipient row for createCampaign, from a registration (sent_at set once it left the queue). */
const recipientOf = (
  registration: ModelRegistrationRow,
  status: "queued" | "sent" | "failed" | "read" = "queued",
  readTokenHash?: string,
) => ({
  registrationId: registration.id,
  email: registration.email,
  fullName: registration.fullName,
  status,
  sentAt: status === "queued" ? null : new Date(),
  ...(readTokenHash ? { readTokenHash } : {}),
});
let admin: { user: { id: string; name: string; email: string }; headers: Record<string, string> };
let member: { headers: Record<string, string> };

beforeAll(async () => {
  admin = await signedInAs(t.app, { role: "admin", name: "Laura Admin" });
  member = await signedInAs(t.app, { role: "member" });
});

async function eventWithRegistrations(count: number, names: string[] = []) {
  const event = await createEvent(t.db, { eventName: "Casting Otoño & Co", eventDate: "2026-03-05", timeslots: [{ startTime: "10:00", endTime: "11:30" }] });
  const registrations = [];
  for (let i = 0; i < count; i++) {
    registrations.push(
      await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id, ...(names[i] ? { fullName: names[i] } : {}) }),
    );
  }
  return { event, registrations };
}

const send = (body: object, headers = admin.headers) =>
  t.app.inject({ method: "POST", url: "/api/campaigns", headers, payload: body });

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
    const { campaignId, message } = res.json<{ campaignId: string; message: string }>();
    expect(message).toBe("2 correos en cola de envío");

    const [campaign] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    expect(campaign).toMatchObject({ status: "in_progress", recipientCount: 2, createdBy: admin.user.id, eventId: event.id, isHtml: true });
    expect(campaign!.content).not.toMatch(/script|onclick|javascript/i);

    const recipients = await t.db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaignId));
    expect(recipients.map((r) => [r.registrationId, r.status]).sort()).toEqual(
      registrations.map((r) => [r.id, "queued"]).sort(),
    );
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
      expect(mail.htmlBody).toMatch(new RegExp(`<img src="${TEST_PUBLIC_URL}/api/public/campaign-read/[A-Za-z0-9_-]{43}" width="1" height="1"`));
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
    expect(mail!.textBody).toBe("Hola Carla,\n<b>no es HTML</b>\n\nSaludos");
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
    const unknown = await send({ eventId: crypto.randomUUID(), registrationIds: [registrations[0]!.id], subject: "a", content: "b", isHtml: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("event_not_found");
    const empty = await send({ eventId: crypto.randomUUID(), registrationIds: [registrations[0]!.id], subject: "  ", content: "", isHtml: false });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields).sort()).toEqual(["content", "subject"]);
    const none = await send({ eventId: crypto.randomUUID(), registrationIds: [], subject: "a", content: "b", isHtml: false });
    expect(none.statusCode).toBe(400);
  });

  it("refuses an HTML message that is empty once sanitised", async () => {
    const { event, registrations } = await eventWithRegistrations(1);
    const res = await send({ eventId: event.id, registrationIds: [registrations[0]!.id], subject: "a", content: "<script>x</script>", isHtml: true });
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

describe("GET /api/campaigns", () => {
  it("lists the event's campaigns newest first with event, creator, status and counts per status", async () => {
    const { event, registrations } = await eventWithRegistrations(3);
    const other = await eventWithRegistrations(1);
    await createCampaign(t.db, { eventId: other.event.id });
    const older = await createCampaign(t.db, {
      eventId: event.id,
      subject: "Primera",
      status: "partial",
      createdBy: admin.user.id,
      sentAt: new Date("2026-01-01T12:00:00Z"),
      recipients: [
        recipientOf(registrations[0]!, "sent"),
        recipientOf(registrations[1]!, "failed"),
        recipientOf(registrations[2]!, "read"),
      ],
    });
    const newer = await createCampaign(t.db, {
      eventId: event.id,
      subject: "Segunda",
      sentAt: new Date("2026-02-01T12:00:00Z"),
      recipients: [recipientOf(registrations[0]!)],
    });

    const res = await t.app.inject({ method: "GET", url: `/api/campaigns?eventId=${event.id}`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.map((c: { id: string }) => c.id)).toEqual([newer.id, older.id]);
    expect(items[1]).toMatchObject({
      subject: "Primera",
      status: "partial",
      recipientCount: 3,
      sentAt: "2026-01-01T12:00:00.000Z",
      event: { id: event.id, eventName: event.eventName },
      creator: { fullName: "Laura Admin", email: admin.user.email },
      counts: { queued: 0, sent: 1, failed: 1, read: 1 },
    });
    expect(items[0]).toMatchObject({ status: "in_progress", creator: null, counts: { queued: 1, sent: 0, failed: 0, read: 0 } });
    expect(items[0]).not.toHaveProperty("content");
  });

  it("says null for the event of a campaign whose event is gone", async () => {
    const orphan = await createCampaign(t.db, { eventId: null as unknown as string });
    const res = await t.app.inject({ method: "GET", url: "/api/campaigns", headers: member.headers });
    const item = res.json().items.find((c: { id: string }) => c.id === orphan.id);
    expect(item.event).toBeNull();
  });
});

describe("GET /api/campaigns/:id", () => {
  it("returns the content, sanitised again on the way out, and the recipients", async () => {
    const { event, registrations } = await eventWithRegistrations(2);
    const campaign = await createCampaign(t.db, {
      eventId: event.id,
      isHtml: true,
      content: '<p>ok</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      recipients: [
        recipientOf(registrations[0]!, "sent"),
        recipientOf(registrations[1]!, "queued"),
      ],
    });
    const res = await t.app.inject({ method: "GET", url: `/api/campaigns/${campaign.id}`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.content).toBe('<p>ok</p><img src="x" />');
    expect(detail.recipients).toHaveLength(2);
    expect(detail.recipients[0]).toMatchObject({ registrationId: registrations[0]!.id, fullName: registrations[0]!.fullName, email: registrations[0]!.email, status: "sent", errorMessage: null });
    expect(detail.recipients[1]).toMatchObject({ status: "queued", sentAt: null });
  });

  it("answers 404 for an unknown campaign", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/campaigns/${crypto.randomUUID()}`, headers: member.headers });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/registrations/:id/campaigns", () => {
  it("lists the campaigns of the registration's event that included it, newest first", async () => {
    const { event, registrations } = await eventWithRegistrations(2);
    const first = await createCampaign(t.db, { eventId: event.id, sentAt: new Date("2026-01-01T00:00:00Z"), recipients: [recipientOf(registrations[0]!)] });
    const second = await createCampaign(t.db, { eventId: event.id, sentAt: new Date("2026-01-02T00:00:00Z"), recipients: [recipientOf(registrations[0]!), recipientOf(registrations[1]!)] });
    await createCampaign(t.db, { eventId: event.id, recipients: [recipientOf(registrations[1]!)] });

    const res = await t.app.inject({ method: "GET", url: `/api/registrations/${registrations[0]!.id}/campaigns`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { id: second.id, subject: second.subject, sentAt: "2026-01-02T00:00:00.000Z", status: "in_progress" },
      { id: first.id, subject: first.subject, sentAt: "2026-01-01T00:00:00.000Z", status: "in_progress" },
    ]);
  });

  it("answers 404 for an unknown registration", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/registrations/${crypto.randomUUID()}/campaigns`, headers: member.headers });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/public/campaign-read/:token", () => {
  const pixel = (token: string) => t.app.inject({ method: "GET", url: `/api/public/campaign-read/${token}` });

  it("marks a delivered recipient read once, and answers every token with the same uncacheable GIF", async () => {
    const { event, registrations } = await eventWithRegistrations(2);
    const delivered = newSecretToken();
    const queued = newSecretToken();
    const campaign = await createCampaign(t.db, {
      eventId: event.id,
      recipients: [
        recipientOf(registrations[0]!, "sent", delivered.hash),
        recipientOf(registrations[1]!, "queued", queued.hash),
      ],
    });

    const responses = [await pixel(delivered.token), await pixel("unknown"), await pixel(queued.token), await pixel(newSecretToken().token)];
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/gif");
      expect(res.headers["cache-control"]).toBe("no-store, max-age=0");
      expect(res.rawPayload).toEqual(responses[0]!.rawPayload);
    }
    const rows = await t.db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaign.id));
    const read = rows.find((r) => r.registrationId === registrations[0]!.id)!;
    expect(read.status).toBe("read");
    expect(read.readAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.registrationId === registrations[1]!.id)!.status).toBe("queued");

    await pixel(delivered.token);
    const [again] = await t.db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.id, read.id));
    expect(again!.readAt).toEqual(read.readAt);
  });
});
