/** E-mail: campaigns, their recipients, and the durable outbox. */
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { CAMPAIGN_STATUSES, RECIPIENT_STATUSES } from "@common/constants";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { scoutingEvents } from "./events";
import { modelRegistrations } from "./registrations";

/** One file of an outbox message; `cid` makes it an inline part the HTML shows as `cid:…`. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
  cid?: string;
}

export const emailCampaigns = pgTable(
  "email_campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id").references(() => scoutingEvents.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    isHtml: boolean("is_html").notNull().default(false),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("in_progress"),
    recipientCount: integer("recipient_count").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    check("email_campaigns_status_check", sql`${t.status} in ('in_progress', 'completed', 'partial', 'failed', 'mailbox')`),
    index("email_campaigns_event_sent_idx").on(t.eventId, t.sentAt.desc()),
  ],
);

export const emailCampaignRecipients = pgTable(
  "email_campaign_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    registrationId: uuid("registration_id").references(() => modelRegistrations.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /** The registrant's name when the campaign was sent, kept if the registration is deleted. */
    fullName: text("full_name").notNull(),
    status: text("status", { enum: RECIPIENT_STATUSES }).notNull().default("queued"),
    errorMessage: text("error_message"),
    /**
     * SHA-256 of the per-recipient read-tracking token, set in the transaction that writes the
     * recipient's message to the outbox: a queued recipient without one has no message yet
     * (campaigns.messages.ts). An erasure blanks it.
     */
    readTokenHash: text("read_token_hash").unique(),
    /**
     * The code printed in the recipient's message (OCM-XXXX-XXXX, issue 39), written with its read
     * token: /authentic answers that a message carrying it is the agency's.
     */
    messageCode: text("message_code").unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    check("email_campaign_recipients_status_check", sql`${t.status} in ('queued', 'sent', 'failed', 'read', 'mailbox')`),
    index("email_campaign_recipients_campaign_idx").on(t.campaignId),
    // The recipients whose message is still to be written: few, found at every pass.
    index("email_campaign_recipients_unwritten_idx")
      .on(t.campaignId, t.id)
      .where(sql`${t.status} = 'queued' and ${t.readTokenHash} is null`),
    index("email_campaign_recipients_registration_idx").on(t.registrationId),
  ],
);

/**
 * The durable outbox: every e-mail is a row written in the same transaction as the change
 * that causes it, and sent by the worker (src/server/jobs).
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Template name, e.g. "registration_verification". */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    /** A copy's one address (Cc), when the message has one: a minor's guardian (issue 36). */
    ccAddress: text("cc_address"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /**
     * Files sent with the message (the check-in QR code as an inline image, a calendar invitation):
     * null for most mail. One general column, so every kind of attachment shares it.
     */
    attachments: jsonb("attachments").$type<OutboxAttachment[]>(),
    /** A calendar invite (text/calendar, RFC 5545) sent with the message, when it has one (issue 19). */
    icalEvent: text("ical_event"),
    /**
     * The From display name, the agency's name when the row was written (issue 32): read from
     * agency_settings in the insert itself, so no caller makes a round trip for it.
     */
    fromName: text("from_name"),
    /** Stable Message-ID, so a receiver can recognise a retry of the same message. */
    messageId: text("message_id").notNull().unique(),
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "undelivered"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    smtpResponse: text("smtp_response"),
    campaignRecipientId: uuid("campaign_recipient_id").references(() => emailCampaignRecipients.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    check("outbox_messages_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'undelivered')`),
    index("outbox_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("outbox_messages_created_idx").on(t.createdAt.desc()),
  ],
);
