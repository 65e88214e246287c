/**
 * A campaign delivered while the database keeps dropping the app's connections (issue 15): the
 * test ends every connection of the app (pg_terminate_backend) every 100 ms for four seconds while
 * the real worker drains a campaign of 300 recipients to a real SMTP server. With a one-second
 * lease, a result the worker failed to record would be re-queued and sent again. Every recipient
 * must get the message exactly once, and the campaign end completed. PostgreSQL only: PGlite has
 * no connection to lose.
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailCampaignRecipients, emailCampaigns, outboxMessages } from "../../db/schema";
import { createOutboxWorker } from "../../jobs/outbox-worker";
import { enqueueEmails } from "../../mail/outbox";
import { createSmtpTransport } from "../../mail/transport";
import { testDbKind } from "../../test/database";
import { createCampaign } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger, testEmail } from "../../test/outbox";
import { startTestSmtpServer } from "../../test/smtp";
import { recordCampaignDeliveries } from "./campaigns.progress";

const onPostgres = testDbKind() === "pg";
const t = useTestApp({ mailSendLeaseSeconds: 1 });
const RECIPIENTS = 300;

let admin: pg.Client;
beforeAll(async () => {
  if (!onPostgres) return;
  admin = new pg.Client({ connectionString: t.databaseUrl, application_name: "test-admin" });
  await admin.connect();
});
afterAll(async () => {
  if (onPostgres) await admin.end();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await condition()); await sleep(100)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

/** Ends every connection of the app every 100 ms for `ms`; counts the connections it ended. */
async function killConnectionsFor(ms: number): Promise<number> {
  let ended = 0;
  for (const until = Date.now() + ms; Date.now() < until; await sleep(100)) {
    const { rows } = await admin.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and application_name like 'opencall%'",
    );
    ended += rows.filter((row) => row.ended).length;
  }
  return ended;
}

describe.skipIf(!onPostgres)("a campaign while the database drops its connections", () => {
  it("delivers every recipient's message exactly once and completes the campaign", { timeout: 90_000 }, async () => {
    const campaign = await createCampaign(t.db, { recipients: Array.from({ length: RECIPIENTS }, () => ({})) });
    await t.db.transaction((tx) =>
      enqueueEmails(
        tx,
        campaign.recipients.map((r) => testEmail({ kind: "campaign", to: r.email, campaignRecipientId: r.id })),
      ),
    );
    let kills: Promise<number> | undefined;
    // Slow enough that the drain spans the kills; the kills start with the first message.
    const smtp = await startTestSmtpServer({ delayMs: 20, beforeReply: async () => void (kills ??= killConnectionsFor(4000)) });
    const worker = createOutboxWorker({
      db: t.db,
      config: { ...t.config, smtpUrl: smtp.url },
      log: memoryLogger(),
      onDelivered: recordCampaignDeliveries,
      pollIntervalMs: 50,
      batchSize: 50,
      transport: createSmtpTransport({ smtpUrl: smtp.url, mailFrom: t.config.mailFrom, ratePerSecond: 1000 }),
    });
    try {
      worker.start();
      await waitUntil(async () => kills !== undefined, "the first message");
      expect(await kills).toBeGreaterThan(0);
      const campaignStatus = async () =>
        (await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign.id)))[0]!.status;
      await waitUntil(async () => (await campaignStatus()) !== "in_progress", "the campaign to end");
      // Several leases go by: a result the worker had dropped would be re-queued and sent again.
      await sleep(2500);
    } finally {
      await worker.stop();
      await smtp.close();
    }

    const byAddress = new Map<string, number>();
    for (const mail of smtp.received) for (const to of mail.to) byAddress.set(to, (byAddress.get(to) ?? 0) + 1);
    expect(
      campaign.recipients
        .filter((r) => byAddress.get(r.email.toLowerCase()) !== 1)
        .map((r) => [r.email, byAddress.get(r.email.toLowerCase())]),
    ).toEqual([]);
    expect(smtp.received).toHaveLength(RECIPIENTS);

    const [after] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign.id));
    expect(after!.status).toBe("completed");
    const recipients = await t.db
      .select()
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, campaign.id));
    expect(recipients.filter((r) => r.status !== "sent")).toEqual([]);
    const [notSent] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(outboxMessages)
      .where(sql`${outboxMessages.status} <> 'sent'`);
    expect(notSent!.n).toBe(0);
  });
});
