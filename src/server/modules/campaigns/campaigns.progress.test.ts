/**
 * Campaign progress follows the outbox: the worker tells the campaigns module what was delivered
 * (its `onDelivered`), each result updates its recipient in the same transaction, and the campaign
 * ends (completed, partial, failed, or mailbox without SMTP) when none is still queued.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { emailCampaignRecipients, emailCampaigns, outboxMessages } from "../../db/schema";
import { backoffDelayMs, createOutboxWorker } from "../../jobs/outbox-worker";
import { enqueueEmail } from "../../mail/outbox";
import { createSmtpTransport } from "../../mail/transport";
import { createCampaign } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger, testClock, testEmail } from "../../test/outbox";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/smtp";
import { finalCampaignStatus, recordCampaignDeliveries } from "./campaigns.progress";

const t = useTestApp();
let smtp: TestSmtpServer;
const refused = new Set<string>();
const busy = new Set<string>();

beforeEach(async () => {
  await t.db.delete(outboxMessages);
  refused.clear();
  busy.clear();
  smtp = await startTestSmtpServer({
    answerRecipient: (address) =>
      refused.has(address)
        ? { code: 550, message: `5.1.1 <${address}>: Recipient address rejected` }
        : busy.has(address)
          ? { code: 452, message: "4.2.2 Mailbox full, try later" }
          : undefined,
  });
});
afterEach(() => smtp.close());

/** A campaign whose messages are enqueued, as issue 8's send does: one outbox row per recipient. */
async function campaignWithMessages(db: Db, count: number) {
  const campaign = await createCampaign(db, { recipients: Array.from({ length: count }, () => ({})) });
  await db.transaction(async (tx) => {
    for (const recipient of campaign.recipients) {
      await enqueueEmail(tx, testEmail({ kind: "campaign", to: recipient.email, campaignRecipientId: recipient.id }));
    }
  });
  return campaign;
}

async function campaignState(id: string) {
  const [campaign] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
  const recipients = await t.db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, id));
  return { campaign: campaign!, recipients: new Map(recipients.map((r) => [r.email, r])) };
}

/** `smtpUrl` null: the development outbox. */
function worker(clock = testClock(), smtpUrl: string | null = smtp.url) {
  const config = { ...t.config, smtpUrl: smtpUrl ?? undefined };
  const w = createOutboxWorker({
    db: t.db,
    config,
    log: memoryLogger(),
    onDelivered: recordCampaignDeliveries,
    clock: clock.now,
    transport: smtpUrl ? createSmtpTransport({ smtpUrl, mailFrom: config.mailFrom, ratePerSecond: 1000 }) : null,
  });
  return w;
}

describe("campaign progress", () => {
  it("marks recipients sent and the campaign completed when every message is accepted", async () => {
    const campaign = await campaignWithMessages(t.db, 3);
    const w = worker();
    await w.drainOnce();
    await w.stop();

    const { campaign: after, recipients } = await campaignState(campaign.id);
    expect(after.status).toBe("completed");
    expect(after.completedAt).toBeInstanceOf(Date);
    for (const r of recipients.values()) expect(r).toMatchObject({ status: "sent", errorMessage: null });
    expect([...recipients.values()].every((r) => r.sentAt instanceof Date)).toBe(true);
  });

  it("keeps the server's reply on a refused recipient and ends partial; stays in progress while one is retried", async () => {
    const campaign = await campaignWithMessages(t.db, 3);
    const [ok, bad, later] = campaign.recipients;
    refused.add(bad!.email);
    busy.add(later!.email);
    const clock = testClock();
    const w = worker(clock);

    await w.drainOnce();
    let state = await campaignState(campaign.id);
    expect(state.campaign).toMatchObject({ status: "in_progress", completedAt: null });
    expect(state.recipients.get(ok!.email)).toMatchObject({ status: "sent" });
    expect(state.recipients.get(bad!.email)).toMatchObject({ status: "failed", sentAt: null });
    expect(state.recipients.get(bad!.email)!.errorMessage).toContain("550 5.1.1");
    expect(state.recipients.get(later!.email)).toMatchObject({ status: "queued" });

    busy.clear();
    clock.advance(backoffDelayMs(1));
    await w.drainOnce();
    await w.stop();
    state = await campaignState(campaign.id);
    expect(state.recipients.get(later!.email)).toMatchObject({ status: "sent" });
    expect(state.campaign.status).toBe("partial");
    expect(state.campaign.completedAt).toBeInstanceOf(Date);
  });

  it("ends failed when no message got through", async () => {
    const campaign = await campaignWithMessages(t.db, 2);
    for (const r of campaign.recipients) refused.add(r.email);
    const w = worker();
    await w.drainOnce();
    await w.stop();
    const { campaign: after } = await campaignState(campaign.id);
    expect(after.status).toBe("failed");
  });

  it("without SMTP_URL keeps each recipient in the mailbox, never failed, and the campaign ends 'mailbox' (issue 32)", async () => {
    const campaign = await campaignWithMessages(t.db, 2);
    const w = worker(testClock(), null);
    await w.drainOnce();
    const { campaign: after, recipients } = await campaignState(campaign.id);
    expect(after.status).toBe("mailbox");
    expect(after.completedAt).toBeInstanceOf(Date);
    for (const r of recipients.values()) expect(r).toMatchObject({ status: "mailbox", errorMessage: null });
    expect([...recipients.values()].every((r) => r.sentAt instanceof Date)).toBe(true);
    expect(smtp.seen).toHaveLength(0);
  });

  it("derives the final status from the counts", () => {
    expect(finalCampaignStatus({ delivered: 3, mailbox: 0, failed: 0 })).toBe("completed");
    expect(finalCampaignStatus({ delivered: 2, mailbox: 0, failed: 1 })).toBe("partial");
    expect(finalCampaignStatus({ delivered: 0, mailbox: 0, failed: 3 })).toBe("failed");
    expect(finalCampaignStatus({ delivered: 0, mailbox: 3, failed: 0 })).toBe("mailbox");
    expect(finalCampaignStatus({ delivered: 0, mailbox: 2, failed: 1 })).toBe("partial");
    expect(finalCampaignStatus({ delivered: 1, mailbox: 2, failed: 0 })).toBe("partial");
  });
});
