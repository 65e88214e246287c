import { t } from "@common/i18n";
/**
 * Batch e-mail: a campaign, one recipient row and one outbox message per selected registration. The
 * outbox worker delivers the messages and tells campaigns.progress.ts what became of each, which
 * moves the recipients and the campaign to their final statuses.
 */
import { CAMPAIGN_MAX_RECIPIENTS } from "@common/schemas/campaigns";
import { unknownPlaceholders } from "@common/campaign-placeholders";
import type {
  CampaignDetail,
  CampaignSummary,
  RegistrationCampaign,
  SendCampaignInput,
  SendCampaignResponse,
} from "@common/schemas/campaigns";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { sha256 } from "../../lib/tokens";
import { eventErrors } from "../events/events.errors";
import { sanitizeCampaignHtml } from "./campaigns.content";
import { campaignErrors } from "./campaigns.errors";
import { campaignSelection, type CampaignSummaryRow, type CampaignsRepository } from "./campaigns.repository";

export interface CampaignsServiceDeps {
  db: Db;
  config: Config;
  repository: CampaignsRepository;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createCampaignsService(deps: CampaignsServiceDeps) {
  const { repository } = deps;
  return {
    /**
     * Stores the campaign and one queued recipient per registration (an INSERT … SELECT: nothing of
     * them passes through here), and returns at once; the caller starts the background writing of
     * their messages (campaigns.queue.ts), and the outbox worker sends them, or keeps them in the mailbox.
     */
    async send(createdBy: string, input: SendCampaignInput): Promise<SendCampaignResponse> {
      // HTML is stored sanitised: nothing unsafe is kept, even for the history screen.
      const content = input.isHtml ? sanitizeCampaignHtml(input.content) : input.content.trim();
      if (!content) throw campaignErrors.contentRequired();
      const subject = input.subject.trim();
      if (!input.allowUnknownPlaceholders) {
        // What the sender typed, before the sanitiser: `{Agencia}` in an attribute counts too.
        const found = { subject: unknownPlaceholders(subject), content: unknownPlaceholders(input.content) };
        if (found.subject.length + found.content.length > 0) throw campaignErrors.unknownPlaceholders(found);
      }
      const event = await repository.findEvent(input.eventId);
      if (!event) throw eventErrors.notFound();
      const selection = input.stage
        ? campaignSelection(event.id, { stage: input.stage })
        : campaignSelection(event.id, { registrationIds: [...new Set(input.registrationIds)] });
      const counted = await repository.countSelection(selection);
      if (input.stage) {
        // Everyone of the event in that stage (issue 23), within the same ceiling as a selection.
        if (counted.live === 0) throw campaignErrors.stageEmpty();
        if (counted.live > CAMPAIGN_MAX_RECIPIENTS) throw campaignErrors.stageTooMany(CAMPAIGN_MAX_RECIPIENTS);
      } else {
        if (counted.all !== new Set(input.registrationIds).size) throw campaignErrors.registrationsNotInEvent();
        // A cancelled registration stays selectable in the list, but gave its spot up: no mail (issue 19).
        if (counted.live === 0) throw campaignErrors.registrationsNotInEvent();
      }
      const { campaignId, recipientCount } = await deps.db.transaction(async (tx) => {
        const { id } = await repository.insertCampaign(
          { subject, content, isHtml: input.isHtml, createdBy, eventId: event.id, status: "in_progress", recipientCount: 0 },
          tx,
        );
        const inserted = await repository.insertRecipientsFrom(id, selection, tx);
        // Everyone counted above cancelled or was deleted meanwhile: no campaign (nothing would ever finish it).
        if (inserted === 0) throw input.stage ? campaignErrors.stageEmpty() : campaignErrors.registrationsNotInEvent();
        await repository.setRecipientCount(id, inserted, tx);
        return { campaignId: id, recipientCount: inserted };
      });
      const delivery = deps.config.smtpUrl ? "smtp" : "mailbox";
      return {
        campaignId,
        recipientCount,
        delivery,
        message: t(delivery === "smtp" ? "campaigns.email.queued" : "campaigns.email.mailbox", { count: recipientCount }),
      };
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
    counts: { queued: row.queued, sent: row.sent, failed: row.failed, read: row.read, mailbox: row.mailbox },
  };
}
