/**
 * A campaign's progress follows its messages: the outbox tells what became of each message
 * (`recordCampaignDeliveries`, passed to the worker as its `onDelivered`) in the transaction that
 * records it, the recipient is updated there, and the campaign ends when no recipient is queued.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CampaignStatus } from "@common/constants";
import type { DbOrTx } from "../../db/client";
import { emailCampaignRecipients, emailCampaigns } from "../../db/schema";
import type { OnDelivered } from "../../mail/outbox.repository";

/** `mailbox`: kept in the in-app mailbox, not sent (no SMTP server): not a failure (issue 32). */
export type RecipientOutcome = { status: "sent" } | { status: "mailbox" } | { status: "failed"; error: string };

export interface RecipientDelivery {
  recipientId: string;
  outcome: RecipientOutcome;
}

/**
 * The final status of a campaign none of whose recipients is queued any more: completed when every
 * message was sent, mailbox when every one was kept in the mailbox (no SMTP), failed when none was
 * either, partial otherwise.
 */
export function finalCampaignStatus(counts: { delivered: number; mailbox: number; failed: number }): CampaignStatus {
  if (counts.failed === 0 && counts.mailbox === 0) return "completed";
  if (counts.failed === 0 && counts.delivered === 0) return "mailbox";
  if (counts.delivered === 0 && counts.mailbox === 0) return "failed";
  return "partial";
}

/** The outbox's hook: the campaign messages among `deliveries` update their recipients. */
export const recordCampaignDeliveries: OnDelivered = (deliveries, tx, now) =>
  recordRecipientOutcomes(
    tx,
    deliveries.flatMap(({ message, outcome }) => {
      if (!message.campaignRecipientId) return [];
      // A message kept in the mailbox (no SMTP server) is neither sent nor failed: the recipient says where it is.
      const recipientOutcome: RecipientOutcome = outcome.status === "undelivered" ? { status: "mailbox" } : outcome;
      return [{ recipientId: message.campaignRecipientId, outcome: recipientOutcome }];
    }),
    now,
  );

/** Records what became of recipients' messages, and ends the campaigns none of whose recipients is queued. */
export async function recordRecipientOutcomes(tx: DbOrTx, deliveries: RecipientDelivery[], now: Date): Promise<void> {
  if (deliveries.length === 0) return;
  const recipients = await tx
    .select({ campaignId: emailCampaignRecipients.campaignId })
    .from(emailCampaignRecipients)
    .where(
      inArray(
        emailCampaignRecipients.id,
        deliveries.map((d) => d.recipientId),
      ),
    );
  const campaignIds = [...new Set(recipients.map((r) => r.campaignId))];
  if (campaignIds.length === 0) return;
  // The campaign rows are locked first (in id order, so two workers never wait on each other in
  // a cycle): two workers finishing a campaign's last recipients at once are serialised, and the
  // second one sees the first one's results when it counts.
  await tx
    .select({ id: emailCampaigns.id })
    .from(emailCampaigns)
    .where(inArray(emailCampaigns.id, campaignIds))
    .orderBy(emailCampaigns.id)
    .for("update");
  await updateRecipients(tx, deliveries, now);
  await finishCampaigns(tx, campaignIds, now);
}

async function updateRecipients(tx: DbOrTx, deliveries: RecipientDelivery[], now: Date): Promise<void> {
  const stillQueued = (ids: string[]) =>
    and(inArray(emailCampaignRecipients.id, ids), eq(emailCampaignRecipients.status, "queued"));
  for (const status of ["sent", "mailbox"] as const) {
    const ids = deliveries.filter((d) => d.outcome.status === status).map((d) => d.recipientId);
    if (ids.length) {
      await tx.update(emailCampaignRecipients).set({ status, sentAt: now, errorMessage: null }).where(stillQueued(ids));
    }
  }
  for (const { recipientId, outcome } of deliveries) {
    if (outcome.status !== "failed") continue;
    await tx
      .update(emailCampaignRecipients)
      .set({ status: "failed", errorMessage: outcome.error })
      .where(stillQueued([recipientId]));
  }
}

async function finishCampaigns(tx: DbOrTx, campaignIds: string[], now: Date): Promise<void> {
  const progress = await tx
    .select({
      campaignId: emailCampaignRecipients.campaignId,
      queued: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} = 'queued')`.mapWith(Number),
      delivered: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} in ('sent', 'read'))`.mapWith(Number),
      mailbox: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} = 'mailbox')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} = 'failed')`.mapWith(Number),
    })
    .from(emailCampaignRecipients)
    .where(inArray(emailCampaignRecipients.campaignId, campaignIds))
    .groupBy(emailCampaignRecipients.campaignId);
  for (const counts of progress) {
    if (counts.queued > 0) continue;
    await tx
      .update(emailCampaigns)
      .set({ status: finalCampaignStatus(counts), completedAt: now })
      .where(and(eq(emailCampaigns.id, counts.campaignId), eq(emailCampaigns.status, "in_progress")));
  }
}
