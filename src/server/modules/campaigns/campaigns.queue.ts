/**
 * Queueing a campaign: its row and every recipient (queued) in one short transaction, then the
 * messages, rendered outside any transaction, written about a megabyte per transaction, so that a
 * large campaign (a thousand recipients of a 100 KB message) never holds the database for long and
 * on PGlite the public form is answered between two batches (ADR 004).
 */
import { formatTimeRange } from "@common/dates";
import { formatDateFor } from "@common/dates-language";
import type { RecipientFailureReason } from "@common/schemas/campaigns";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { manageUrl } from "../../lib/registration-links";
import { newSecretToken } from "../../lib/tokens";
import { enqueueEmails, type OutgoingEmail } from "../../mail/outbox";
import { campaignRenderer, type CampaignContent } from "./campaigns.email";
import { recordRecipientOutcomes } from "./campaigns.progress";
import type { CampaignsRepository } from "./campaigns.repository";

export const CAMPAIGN_EMAIL_KIND = "campaign";

const BATCH_BYTES = 1024 * 1024;
const BATCH_MESSAGES = 100;

export function campaignReadUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/public/campaign-read/${token}`;
}

type Event = NonNullable<Awaited<ReturnType<CampaignsRepository["findEvent"]>>>;
type Registration = Awaited<ReturnType<CampaignsRepository["findRecipientsData"]>>[number];

/** Stores the campaign and its recipients, queues their messages, and returns the campaign's id. */
export async function queueCampaignMessages(
  { db, config, repository }: { db: Db; config: Config; repository: CampaignsRepository },
  event: Event,
  campaign: CampaignContent & { createdBy: string },
  registrations: Registration[],
): Promise<string> {
  const tokens = registrations.map(() => newSecretToken());
  const { campaignId, recipientIds } = await db.transaction(async (tx) => {
    const { id } = await repository.insertCampaign(
      { ...campaign, eventId: event.id, status: "in_progress", recipientCount: registrations.length },
      tx,
    );
    const inserted = await repository.insertRecipients(
      registrations.map((registration, index) => ({
        campaignId: id,
        registrationId: registration.id,
        email: registration.email,
        fullName: registration.fullName,
        status: "queued" as const,
        readTokenHash: tokens[index]!.hash,
      })),
      tx,
    );
    return { campaignId: id, recipientIds: new Map(inserted.map((row) => [row.registrationId, row.id])) };
  });

  const render = campaignRenderer(campaign);
  const messages = registrations.map((registration, index) => {
    const recipientId = recipientIds.get(registration.id)!;
    const { language } = registration;
    const values = {
      nombre: registration.fullName,
      codigo: registration.registrationCode,
      evento: event.eventName,
      fecha: formatDateFor(language, event.eventDate),
      horario: formatTimeRange(registration.startTime, registration.endTime),
    };
    const readUrl = campaignReadUrl(config.publicUrl, tokens[index]!.token);
    return {
      recipientId,
      render: (): OutgoingEmail => ({
        kind: CAMPAIGN_EMAIL_KIND,
        to: registration.email,
        campaignRecipientId: recipientId,
        ...render({ values, readUrl, language, manageUrl: manageUrl(config, registration.id) }),
      }),
    };
  });
  await writeInBatches(db, messages);
  return campaignId;
}

/**
 * Renders and writes the messages a batch per transaction. If a batch fails, the recipients left
 * without a message fail, with the reason, so that the campaign ends (partial) rather than wait for
 * them for ever; best effort, since the database may be what failed.
 */
async function writeInBatches(db: Db, messages: Array<{ recipientId: string; render: () => OutgoingEmail }>): Promise<void> {
  let batch: OutgoingEmail[] = [];
  let bytes = 0;
  let written = 0;
  const write = async () => {
    const emails = batch;
    batch = [];
    bytes = 0;
    await db.transaction(async (tx) => enqueueEmails(tx, emails));
    written += emails.length;
  };
  try {
    for (const { render } of messages) {
      // Rendering a large message takes tens of milliseconds, and PGlite's statements never wait
      // on I/O: the other requests get their turn between two messages.
      await new Promise((resolve) => setImmediate(resolve));
      const email = render();
      batch.push(email);
      bytes += email.html.length + email.text.length;
      if (bytes >= BATCH_BYTES || batch.length >= BATCH_MESSAGES) await write();
    }
    if (batch.length > 0) await write();
  } catch (error) {
    const left = messages.slice(written).map(({ recipientId }) => ({
      recipientId,
      outcome: { status: "failed" as const, error: "notQueued" satisfies RecipientFailureReason },
    }));
    await db.transaction((tx) => recordRecipientOutcomes(tx, left, new Date())).catch(() => {});
    throw error;
  }
}
