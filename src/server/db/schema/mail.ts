/** E-mail: campaigns, their recipients, and the durable outbox. */
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    status: text("status", { enum: ["in_progress", "completed", "partial", "failed"] })
      .notNull()
      .default("in_progress"),
    recipientCount: integer("recipient_count").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    check("email_campaigns_status_check", sql`${t.status} in ('in_progress', 'completed', 'partial', 'failed')`),
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
    status: text("status", { enum: ["queued", "sent", "failed", "read"] })
      .notNull()
      .default("queued"),
    errorMessage: text("error_message"),
    /** SHA-256 of the per-recipient read-tracking token. */
    readTokenHash: text("read_token_hash").unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    check("email_campaign_recipients_status_check", sql`${t.status} in ('queued', 'sent', 'failed', 'read')`),
    index("email_campaign_recipients_campaign_idx").on(t.campaignId),
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
