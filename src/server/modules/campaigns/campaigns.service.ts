/**
 * Batch e-mail: a campaign, one recipient row and one outbox message per selected registration,
 * all in one transaction. The outbox worker delivers the messages and moves the recipients and
 * the campaign to their final statuses.
 */
import type { CampaignDetail, CampaignSummary, SendCampaignInput } from "@common/schemas/campaigns";
import { formatDateEsAr, formatTimeRange } from "@common/dates";
import { campaigns as texts } from "@common/texts/campaigns";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { AppError, errors } from "../../errors";
import { enqueueEmail } from "../../mail/outbox";
import { newSecretToken, sha256 } from "../../lib/tokens";
import { sanitizeCampaignHtml } from "./campaigns.content";
import { renderCampaignEmail } from "./campaigns.email";
import type { CampaignSummaryRow, CampaignsRepository } from "./campaigns.repository";

export const CAMPAIGN_EMAIL_KIND = "campaign";

export function campaignReadUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/public/campaign-read/${token}`;
}

export interface SendCampaignDeps {
  db: Db;
  config: Config;
  repository: CampaignsRepository;
}

export async function sendCampaign(
  { db, config, repository }: SendCampaignDeps,
  createdBy: string,
  input: SendCampaignInput,
): Promise<{ campaignId: string; message: string }> {
  const registrationIds = [...new Set(input.registrationIds)];
  const subject = input.subject.trim();
  // HTML is stored sanitised: nothing unsafe is kept, even for the history screen.
  const content = input.isHtml ? sanitizeCampaignHtml(input.content) : input.content.trim();
  if (!content) throw errors.validation({ content: "El mensaje es obligatorio." });

  return db.transaction(async (tx) => {
    const event = await repository.findEvent(input.eventId, tx);
    if (!event) throw new AppError(404, "event_not_found", "Evento no encontrado.");
    const registrations = await repository.findRecipientsData(event.id, registrationIds, tx);
    if (registrations.length !== registrationIds.length) {
      throw errors.validation({ registrationIds: texts.errors.registrationsNotInEvent }, texts.errors.registrationsNotInEvent);
    }

    const campaign = await repository.insertCampaign(tx, {
      eventId: event.id,
      subject,
      content,
      isHtml: input.isHtml,
      status: "in_progress",
      recipientCount: registrations.length,
      createdBy,
    });
    const tokens = registrations.map(() => newSecretToken());
    const inserted = await repository.insertRecipients(
      tx,
      registrations.map((registration, index) => ({
        campaignId: campaign.id,
        registrationId: registration.id,
        email: registration.email,
        fullName: registration.fullName,
        status: "queued" as const,
        readTokenHash: tokens[index]!.hash,
      })),
    );
    const recipientIdByRegistration = new Map(inserted.map((row) => [row.registrationId, row.id]));

    for (const [index, registration] of registrations.entries()) {
      const email = renderCampaignEmail({
        subject,
        content,
        isHtml: input.isHtml,
        values: {
          nombre: registration.fullName,
          codigo: registration.registrationCode,
          evento: event.eventName,
          fecha: formatDateEsAr(event.eventDate),
          horario: formatTimeRange(registration.startTime, registration.endTime),
        },
        readUrl: campaignReadUrl(config.publicUrl, tokens[index]!.token),
      });
      await enqueueEmail(tx, {
        kind: CAMPAIGN_EMAIL_KIND,
        to: registration.email,
        ...email,
        campaignRecipientId: recipientIdByRegistration.get(registration.id)!,
      });
    }
    return { campaignId: campaign.id, message: texts.email.queued(registrations.length) };
  });
}

function toSummary(row: CampaignSummaryRow): CampaignSummary {
  return {
    id: row.id,
    subject: row.subject,
    isHtml: row.isHtml,
    status: row.status,
    recipientCount: row.recipientCount,
    sentAt: row.sentAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    event: row.eventId && row.eventName !== null ? { id: row.eventId, eventName: row.eventName } : null,
    creator: row.creatorEmail !== null ? { fullName: row.creatorName ?? "", email: row.creatorEmail } : null,
    counts: { queued: row.queued, sent: row.sent, failed: row.failed, read: row.read },
  };
}

export async function listCampaigns(repository: CampaignsRepository, eventId?: string): Promise<CampaignSummary[]> {
  return (await repository.listCampaigns(eventId)).map(toSummary);
}

export async function getCampaign(repository: CampaignsRepository, id: string): Promise<CampaignDetail> {
  const row = await repository.findCampaign(id);
  if (!row) throw errors.notFound(texts.errors.campaignNotFound);
  const recipients = await repository.listRecipients(id);
  return {
    ...toSummary(row),
    // Sanitised again on the way out: what reaches a browser is safe even if a row was written
    // by an older version or by hand.
    content: row.isHtml ? sanitizeCampaignHtml(row.content) : row.content,
    recipients: recipients.map((r) => ({
      ...r,
      sentAt: r.sentAt?.toISOString() ?? null,
      readAt: r.readAt?.toISOString() ?? null,
    })),
  };
}

export async function listRegistrationCampaigns(repository: CampaignsRepository, registrationId: string) {
  const eventId = await repository.findRegistrationEventId(registrationId);
  if (!eventId) throw errors.notFound(texts.errors.registrationNotFound);
  const rows = await repository.listRegistrationCampaigns(registrationId, eventId);
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Records a read for a token; says nothing about whether the token was known. */
export async function recordRead(repository: CampaignsRepository, token: string): Promise<void> {
  if (!TOKEN_SHAPE.test(token)) return;
  await repository.markRead(sha256(token));
}
