/**
 * Writing a campaign's messages after its POST (campaigns.queue.ts): a process that dies mid-way
 * loses no recipient and mails none twice, two writers at once write each message once, and a
 * registration deleted before its message is written fails its recipient with the reason.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedEvent } from "../../../../scripts/lib/seed";
import { rowsOf, type Db } from "../../db/client";
import { emailCampaignRecipients, emailCampaigns, modelRegistrations } from "../../db/schema";
import { createScheduler } from "../../jobs/scheduler";
import { createUser } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger } from "../../test/outbox";
import { writeCampaignMessages } from "./campaigns.queue";
import { createCampaignsRepository } from "./campaigns.repository";
import { createCampaignsService } from "./campaigns.service";

const t = useTestApp();

/** A campaign stored as its POST stores it, no writer started: its messages are left to write. */
async function storedCampaign(count: number) {
  const event = await seedEvent(t.db, {
    seed: count,
    eventName: "Casting Writer",
    eventDate: "2026-05-01",
    location: "La Rural",
    slots: [{ startTime: "10:00", endTime: "18:00", capacity: count }],
    registrations: count,
  });
  const registrations = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, event.id));
  const admin = await createUser(t.db, { role: "admin" });
  const service = createCampaignsService({
    db: t.db,
    config: t.config,
    repository: createCampaignsRepository(t.db),
  });
  const input = {
    eventId: event.id,
    registrationIds: registrations.map((r) => r.id),
    subject: "Hola {nombre}",
    content: "Tu código: {codigo}",
    isHtml: false,
  };
  const { campaignId } = await service.send(admin.id, input);
  return { campaignId, registrations };
}

async function messagesPerRecipient(campaignId: string) {
  return rowsOf<{ id: string; messages: number; hashed: boolean }>(
    await t.db.execute(sql`
      select r.id, count(o.id)::int as messages, r.read_token_hash is not null as hashed
      from email_campaign_recipients r left join outbox_messages o on o.campaign_recipient_id = r.id
      where r.campaign_id = ${campaignId}::uuid group by r.id`),
  );
}

/** `db` whose `transaction` fails from its `failAt`-th call: the process dying in the middle of a campaign. */
function dyingAt(failAt: number): Db {
  let calls = 0;
  const dying = Object.create(t.db) as Db;
  dying.transaction = ((run: Parameters<Db["transaction"]>[0]) =>
    ++calls >= failAt ? Promise.reject(new Error("the process died")) : t.db.transaction(run)) as Db["transaction"];
  return dying;
}

describe("writing a campaign's messages", () => {
  it("resumes after a process died mid-way: every recipient gets exactly one message", async () => {
    const { campaignId } = await storedCampaign(25);
    await expect(writeCampaignMessages(dyingAt(3), t.config, { batchMessages: 10 })).rejects.toThrow("the process died");
    const midway = await messagesPerRecipient(campaignId);
    // Two batches committed, the third never: those written have their token, the rest nothing.
    expect(midway.filter((r) => r.messages === 1)).toHaveLength(20);
    expect(midway.every((r) => (r.messages === 1) === r.hashed && r.messages <= 1)).toBe(true);

    // The next process's scheduler pass writes the rest.
    const { campaignMessages } = await createScheduler({ db: t.db, config: t.config, log: memoryLogger() }).runOnce();
    expect(campaignMessages).toBe(5);
    const after = await messagesPerRecipient(campaignId);
    expect(after).toHaveLength(25);
    expect(after.every((r) => r.messages === 1 && r.hashed)).toBe(true);
  });

  it("writes each message once when two writers run at the same time", async () => {
    const { campaignId } = await storedCampaign(30);
    const written = await Promise.all([
      writeCampaignMessages(t.db, t.config, { batchMessages: 7 }),
      writeCampaignMessages(t.db, t.config, { batchMessages: 7 }),
    ]);
    expect(written[0] + written[1]).toBe(30);
    const rows = await messagesPerRecipient(campaignId);
    expect(rows.every((r) => r.messages === 1)).toBe(true);
  });

  it("fails the recipient of a registration deleted before its message was written, and the campaign ends", async () => {
    const { campaignId, registrations } = await storedCampaign(1);
    await t.db.delete(modelRegistrations).where(eq(modelRegistrations.id, registrations[0]!.id));
    expect(await writeCampaignMessages(t.db, t.config)).toBe(0);
    const [recipient] = await t.db
      .select()
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, campaignId));
    expect(recipient).toMatchObject({ status: "failed", errorMessage: "registrationDeleted" });
    const [campaign] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    expect(campaign!.status).toBe("failed");
  });
});
