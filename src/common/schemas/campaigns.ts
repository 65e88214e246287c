/**
 * Batch e-mail to registrants (docs/product.md "E-mail modal", "Email history tab"). The form schema is
 * used by the modal (zodResolver); the request schema adds what the screen knows (event, selection).
 */
import { z } from "zod";
import { CAMPAIGN_STATUSES, RECIPIENT_STATUSES, REGISTRATION_STAGES } from "../constants";
import { CONTROL_CHARACTERS_MESSAGE, isOneLineText } from "../text";
import { t } from "../i18n";

/** A hard ceiling against accidental huge sends; the advice in the modal is 100 (docs/product.md §9). */
export const CAMPAIGN_MAX_RECIPIENTS = 1000;
export const CAMPAIGN_SUBJECT_MAX = 200;
export const CAMPAIGN_CONTENT_MAX = 100_000;

export const campaignMessageSchema = z.object({
  // A subject is one line (an e-mail header); the message may have line breaks and tabs.
  subject: z
    .string()
    .trim()
    .min(1, { error: () => t("campaigns.errors.subjectRequired") })
    .max(CAMPAIGN_SUBJECT_MAX)
    .refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE }),
  content: z
    .string()
    .trim()
    .min(1, { error: () => t("campaigns.errors.contentRequired") })
    .max(CAMPAIGN_CONTENT_MAX),
  isHtml: z.boolean(),
});
export type CampaignMessageInput = z.input<typeof campaignMessageSchema>;
export type CampaignMessage = z.output<typeof campaignMessageSchema>;

/** To the selected registrations, or to every registration of the event in one stage (issue 23). */
export const sendCampaignSchema = campaignMessageSchema
  .extend({
    eventId: z.uuid(),
    registrationIds: z.array(z.uuid()).min(1).max(CAMPAIGN_MAX_RECIPIENTS).optional(),
    stage: z.enum(REGISTRATION_STAGES).optional(),
    /**
     * The sender saw the warning naming the unknown placeholders (`{Agencia}`) and sends them as
     * written; without it such a message is refused (issue 32).
     */
    allowUnknownPlaceholders: z.boolean().optional(),
  })
  .refine((body) => (body.registrationIds === undefined) !== (body.stage === undefined), {
    error: () => t("panel.errors.recipients"),
    path: ["registrationIds"],
  });
export type SendCampaignInput = z.input<typeof sendCampaignSchema>;

/**
 * How a campaign's messages leave: by the SMTP server, or kept in the in-app mailbox when none is
 * configured (SMTP_URL empty): then nothing is sent to anyone.
 */
export const CAMPAIGN_DELIVERIES = ["smtp", "mailbox"] as const;
export type CampaignDelivery = (typeof CAMPAIGN_DELIVERIES)[number];

/** 202: the campaign and its recipients are stored; their messages are written and sent in the background. */
export const sendCampaignResponse = z.object({
  campaignId: z.uuid(),
  recipientCount: z.number().int(),
  delivery: z.enum(CAMPAIGN_DELIVERIES),
  message: z.string(),
});
export type SendCampaignResponse = z.infer<typeof sendCampaignResponse>;

export const listCampaignsQuery = z.object({ eventId: z.uuid().optional() });

const recipientCounts = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  read: z.number().int(),
  /** Kept in the in-app mailbox (no SMTP server), not sent. */
  mailbox: z.number().int(),
});
export type RecipientCounts = z.infer<typeof recipientCounts>;

export const campaignSummarySchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  isHtml: z.boolean(),
  status: z.enum(CAMPAIGN_STATUSES),
  recipientCount: z.number().int(),
  sentAt: z.string(),
  completedAt: z.string().nullable(),
  event: z.object({ id: z.uuid(), eventName: z.string() }).nullable(),
  creator: z.object({ fullName: z.string(), email: z.string() }).nullable(),
  counts: recipientCounts,
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const listCampaignsResponse = z.object({ items: z.array(campaignSummarySchema) });
export type ListCampaignsResponse = z.infer<typeof listCampaignsResponse>;

/**
 * Why the product itself failed a recipient. The recipient's `errorMessage` holds one of these codes
 * (an SMTP server's refusal is kept as the server wrote it), and each reader sees it in their language.
 */
export const RECIPIENT_FAILURE_REASONS = ["undelivered", "notQueued", "registrationDeleted"] as const;
export type RecipientFailureReason = (typeof RECIPIENT_FAILURE_REASONS)[number];

export function isRecipientFailureReason(value: string): value is RecipientFailureReason {
  return (RECIPIENT_FAILURE_REASONS as readonly string[]).includes(value);
}

export const campaignRecipientSchema = z.object({
  id: z.uuid(),
  registrationId: z.uuid().nullable(),
  fullName: z.string(),
  email: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  errorMessage: z.string().nullable(),
  sentAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const campaignDetailSchema = campaignSummarySchema.extend({
  /** HTML campaigns: the sanitised HTML (never the raw input). Plain campaigns: the text. */
  content: z.string(),
  recipients: z.array(campaignRecipientSchema),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const registrationCampaignSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  sentAt: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** What became of this registration's own message. */
  recipientStatus: z.enum(RECIPIENT_STATUSES),
});
export type RegistrationCampaign = z.infer<typeof registrationCampaignSchema>;
export const registrationCampaignsResponse = z.object({ items: z.array(registrationCampaignSchema) });
export type RegistrationCampaignsResponse = z.infer<typeof registrationCampaignsResponse>;

export const campaignIdParams = z.object({ id: z.uuid() });
