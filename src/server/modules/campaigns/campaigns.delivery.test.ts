/**
 * Campaigns delivered by the real outbox worker to a real SMTP server that refuses some
 * recipients: the campaign ends completed, partial or failed according to its recipients.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema";
import { createOutboxWorker } from "../../jobs/outbox-worker";
import { createSmtpTransport } from "../../mail/transport";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger } from "../../test/outbox";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/smtp";
import { recordCampaignDeliveries } from "./campaigns.progress";

const t = useTestApp();
const MAIL_FROM = "OpenCall <no-reply@agency.test>";
let smtp: TestSmtpServer;
let headers: Record<string, string>;

beforeAll(async () => {
  // Like a real server: addresses of a "bounce" mailbox do not exist.
  smtp = await startTestSmtpServer({
    answerRecipient: (address) =>
      address.includes("bounce") ? { code: 550, message: `5.1.1 <${address}>: no such user` } : undefined,
  });
  headers = (await signedInAs(t.app, { role: "admin" })).headers;
});
afterAll(async () => {
  await smtp?.close();
});

/** Delivers everything due, once, through the real worker and SMTP transport. */
async function deliver() {
  const worker = createOutboxWorker({
    db: t.db,
    config: { ...t.config, smtpUrl: smtp.url, mailFrom: MAIL_FROM },
    log: memoryLogger(),
    onDelivered: recordCampaignDeliveries,
    transport: createSmtpTransport({ smtpUrl: smtp.url, mailFrom: MAIL_FROM, ratePerSecond: 1000 }),
  });
  try {
    return await worker.drainOnce();
  } finally {
    await worker.stop();
  }
}

async function campaignTo(emails: string[]) {
  const event = await createEvent(t.db, { eventName: "Casting Primavera" });
  const registrations = [];
  for (const [i, email] of emails.entries()) {
    registrations.push(
      await createRegistration(t.db, {
        eventId: event.id,
        timeslotId: event.timeslots[0]!.id,
        email,
        fullName: `Modelo ${i + 1}`,
      }),
    );
  }
  const res = await t.app.inject({
    method: "POST",
    url: "/api/campaigns",
    headers,
    payload: {
      eventId: event.id,
      registrationIds: registrations.map((r) => r.id),
      subject: "Hola {nombre}",
      content: "<p>Hola <b>{nombre}</b>, tu código es {codigo}.</p><script>alert(1)</script>",
      isHtml: true,
    },
  });
  expect(res.statusCode).toBe(202);
  // The POST answers before the messages are written (issue 32): they are, in the background.
  await t.app.ctx.campaignMessages.idle();
  return { event, registrations, campaignId: res.json<{ campaignId: string }>().campaignId };
}

const detail = async (id: string) => (await t.app.inject({ method: "GET", url: `/api/campaigns/${id}`, headers })).json();

describe("campaign delivery", () => {
  it("completes when every recipient is delivered, one personalised message each, and records reads", async () => {
    const before = smtp.received.length;
    const { registrations, campaignId } = await campaignTo(["ok-1@example.com", "ok-2@example.com"]);
    expect((await detail(campaignId)).status).toBe("in_progress");

    await deliver();

    const campaign = await detail(campaignId);
    expect(campaign.status).toBe("completed");
    expect(campaign.completedAt).not.toBeNull();
    expect(campaign.counts).toEqual({ queued: 0, sent: 2, failed: 0, read: 0, mailbox: 0 });
    expect(campaign.recipients.every((r: { status: string; sentAt: string | null }) => r.status === "sent" && r.sentAt)).toBe(
      true,
    );

    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(2);
    for (const registration of registrations) {
      const mail = mails.find((m) => m.to.includes(registration.email))!;
      expect(mail.subject).toBe(`Hola ${registration.fullName}`);
      expect(mail.html).toContain(`Hola <b>${registration.fullName}</b>, tu código es ${registration.registrationCode}.`);
      expect(mail.html).not.toMatch(/<script|alert\(/);
      expect(mail.text).toContain(`Hola ${registration.fullName}, tu código es ${registration.registrationCode}.`);
    }

    // Loading the image of one message marks that recipient, and only that one, read.
    const pixel = mails[0]!.html.match(/http:\/\/localhost:3000(\/api\/public\/campaign-read\/[A-Za-z0-9_-]+)/)![1]!;
    expect((await t.app.inject({ method: "GET", url: pixel })).statusCode).toBe(200);
    const read = await detail(campaignId);
    expect(read.counts).toEqual({ queued: 0, sent: 1, failed: 0, read: 1, mailbox: 0 });
    expect(read.recipients.find((r: { email: string }) => mails[0]!.to.includes(r.email)).status).toBe("read");
    expect(read.status).toBe("completed");
  });

  it("is partial when the server refuses some recipients, with each refusal's reason", async () => {
    const { campaignId } = await campaignTo(["ok-3@example.com", "bounce-1@example.com", "ok-4@example.com"]);
    await deliver();
    const campaign = await detail(campaignId);
    expect(campaign.status).toBe("partial");
    expect(campaign.counts).toEqual({ queued: 0, sent: 2, failed: 1, read: 0, mailbox: 0 });
    const refused = campaign.recipients.find((r: { email: string }) => r.email === "bounce-1@example.com");
    expect(refused).toMatchObject({ status: "failed", sentAt: null });
    expect(refused.errorMessage).toContain("550");
  });

  it("fails when the server refuses every recipient", async () => {
    const { campaignId } = await campaignTo(["bounce-2@example.com", "bounce-3@example.com"]);
    await deliver();
    const campaign = await detail(campaignId);
    expect(campaign.status).toBe("failed");
    expect(campaign.counts).toEqual({ queued: 0, sent: 0, failed: 2, read: 0, mailbox: 0 });
    const list = (await t.app.inject({ method: "GET", url: "/api/campaigns", headers })).json();
    expect(list.items.find((c: { id: string }) => c.id === campaignId).status).toBe("failed");
    expect(await t.db.select().from(outboxMessages)).not.toHaveLength(0);
  });
});
