import { t } from "@common/i18n";
/**
 * Batch e-mail: a campaign, one recipient row and one outbox message per selected registration. The
 * outbox worker delivers the messages and tells campaigns.progress.ts what became of each, which
 * moves the recipients and the campaign to their final statuses.
 */
import { CAMPAIGN_MAX_RECIPIENTS } from "@common/schemas/campaigns";
import type { CampaignDetail, CampaignSummary, RegistrationCampaign, SendCampaignInput } from "@common/schemas/campaigns";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { sha256 } from "../../lib/tokens";
import { eventErrors } from "../events/events.errors";
import { sanitizeCampaignHtml } from "./campaigns.content";
import { campaignErrors } from "./campaigns.errors";
import { queueCampaignMessages } from "./campaigns.queue";
import type { CampaignSummaryRow, CampaignsRepository } from "./campaigns.repository";

export interface CampaignsServiceDeps {
  db: Db;
  config: Config;
  repository: CampaignsRepository;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createCampaignsService(deps: CampaignsServiceDeps) {
  const { repository } = deps;
  return {
    /** Stores the campaign and its recipients, then queues one message per recipient. */
    async send(createdBy: string, input: SendCampaignInput): Promise<{ campaignId: string; message: string }> {
      // HTML is stored sanitised: nothing unsafe is kept, even for the history screen.
      const content = input.isHtml ? sanitizeCampaignHtml(input.content) : input.content.trim();
      if (!content) throw campaignErrors.contentRequired();
      const event = await repository.findEvent(input.eventId);
      if (!event) throw eventErrors.notFound();
      let registrations;
      if (input.stage) {
        // Everyone of the event in that stage (issue 23), within the same ceiling as a selection.
        registrations = await repository.findStageRecipientsData(event.id, input.stage, CAMPAIGN_MAX_RECIPIENTS + 1);
        if (registrations.length === 0) throw campaignErrors.stageEmpty();
        if (registrations.length > CAMPAIGN_MAX_RECIPIENTS) throw campaignErrors.stageTooMany(CAMPAIGN_MAX_RECIPIENTS);
      } else {
        const registrationIds = [...new Set(input.registrationIds)];
        registrations = await repository.findRecipientsData(event.id, registrationIds);
        if (registrations.length !== registrationIds.length) throw campaignErrors.registrationsNotInEvent();
        // A cancelled registration stays selectable in the list, but gave its spot up: no mail (issue 19).
        registrations = registrations.filter((registration) => registration.status !== "cancelled");
        if (registrations.length === 0) throw campaignErrors.registrationsNotInEvent();
      }
      const campaign = { subject: input.subject.trim(), content, isHtml: input.isHtml, createdBy };
      const campaignId = await queueCampaignMessages(deps, event, campaign, registrations);
      return { campaignId, message: t("campaigns.email.queued", { count: registrations.length }) };
    },

    async list(eventId?: string): Promise<CampaignSummary[]> {
      return (await repository.listCampaigns(eventId)).map(toSummary);
    },

    async get(id: string): Promise<CampaignDetail> {
      const row = await repository.findCampaign(id);
      if (!row) throw campaignErrors.campaignNotFound();
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
    },

    /** Campaigns of its own event that included the registration, newest first. */
    async listForRegistration(registrationId: string): Promise<RegistrationCampaign[]> {
      const eventId = await repository.findRegistrationEventId(registrationId);
      if (!eventId) throw campaignErrors.registrationNotFound();
      const rows = await repository.listRegistrationCampaigns(registrationId, eventId);
      return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
    },

    /** Records a read for a token; says nothing about whether the token was known. */
    async recordRead(token: string): Promise<void> {
      if (!TOKEN_SHAPE.test(token)) return;
      await repository.markRead(sha256(token));
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;

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
