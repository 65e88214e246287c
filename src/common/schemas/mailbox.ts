/** The Mailbox (every outbox message, for admins): the request and response shapes, shared by server and web. */
import { z } from "zod";

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "undelivered"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Every kind of e-mail OpenCall writes to the outbox (its `kind` column). Each is shown to staff by
 * its label, `mailbox.kinds.<kind>`, never by the id; a new kind is added here and in the catalogue.
 */
export const MAIL_KINDS = [
  "registration_verification",
  "registration_confirmation",
  "registration_reminder",
  "registration_moved",
  "registration_cancelled",
  "guardian_request",
  "waitlist_joined",
  "waitlist_offer",
  "waitlist_removed",
  "callback_invitation",
  "callback_reminder",
  "privacy_access",
  "campaign",
  "staff_verification",
  "password_reset",
  "profile_approved",
  "admin_invitation",
  "sign_in_unlock",
  "staff_sign_up_attempt",
  "authentic_report",
  "webhook_disabled",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export function isMailKind(value: string): value is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(value);
}

export const MAILBOX_PAGE_SIZE = 20;

export const mailboxListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(MAILBOX_PAGE_SIZE),
});
export type MailboxListQuery = z.infer<typeof mailboxListQuery>;

export const mailboxMessageParams = z.object({ id: z.coerce.number().int().positive() });

export const mailboxItem = z.object({
  id: z.number(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailboxItem = z.infer<typeof mailboxItem>;

export const mailboxListResponse = z.object({
  items: z.array(mailboxItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** SMTP_URL is set: messages go to that server (else the development outbox keeps them here). */
  smtpConfigured: z.boolean(),
});
export type MailboxList = z.infer<typeof mailboxListResponse>;

export const mailboxMessage = mailboxItem.extend({
  textBody: z.string(),
  htmlBody: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  smtpResponse: z.string().nullable(),
  /** Links were hidden: the message is another staff account's (e.g. its password reset). */
  linksHidden: z.boolean(),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;
