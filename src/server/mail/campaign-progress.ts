/**
 * A campaign's progress follows its messages: each outbox result updates the recipient in the same
 * transaction, and the campaign ends when no recipient is still queued.
 */
import { eq, sql } from "drizzle-orm";
import type { CampaignStatus } from "@common/constants";
import type { DbOrTx } from "../db/client";
import { emailCampaignRecipients, emailCampaigns } from "../db/schema";

export type DeliveryOutcome = { status: "sent" } | { status: "failed"; error: string };

/** The final status of a campaign none of whose recipients is queued any more. */
export function finalCampaignStatus(counts: { delivered: number; failed: number }): CampaignStatus {
  if (counts.delivered === 0) return "failed";
  return counts.failed === 0 ? "completed" : "partial";
}

export async function recordCampaignDelivery(
  tx: DbOrTx,
  recipientId: string,
  outcome: DeliveryOutcome,
  now: Date,
): Promise<void> {
  const [recipient] = await tx
    .select({ campaignId: emailCampaignRecipients.campaignId })
    .from(emailCampaignRecipients)
    .where(eq(emailCampaignRecipients.id, recipientId));
  if (!recipient) return;
  // The campaign row is locked first, so that two workers finishing its last two recipients at
  // once are serialised and the second one sees the first one's result when it counts.
  await tx
    .select({ id: emailCampaigns.id })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, recipient.campaignId))
    .for("update");
  await tx
    .update(emailCampaignRecipients)
    .set(
      outcome.status === "sent"
        ? { status: "sent", sentAt: now, errorMessage: null }
        : { status: "failed", errorMessage: outcome.error },
    )
    .where(sql`${emailCampaignRecipients.id} = ${recipientId} and ${emailCampaignRecipients.status} = 'queued'`);

  const [counts] = await tx
    .select({
      queued: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} = 'queued')`.mapWith(Number),
      delivered: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} in ('sent', 'read'))`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} = 'failed')`.mapWith(Number),
    })
    .from(emailCampaignRecipients)
    .where(eq(emailCampaignRecipients.campaignId, recipient.campaignId));
  if (!counts || counts.queued > 0) return;
  await tx
    .update(emailCampaigns)
    .set({ status: finalCampaignStatus(counts), completedAt: now })
    .where(sql`${emailCampaigns.id} = ${recipient.campaignId} and ${emailCampaigns.status} = 'in_progress'`);
}
