/**
 * Enqueueing: the only way to send an e-mail. Call it with the transaction of the change that
 * causes the e-mail, so both are committed together or not at all. The worker (src/server/jobs)
 * delivers the row. (The public registration writes its verification e-mail's row in the same
 * statement as the registration, from `newOutboxRow`: see modules/public/public.repository.ts.)
 */
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { outboxMessages, type OutboxAttachment } from "../db/schema";
import { headerSafe, isSingleAddress, type EmailContent } from "./layout";

export interface OutgoingEmail extends EmailContent {
  /** Template name, e.g. "registration_verification". */
  kind: string;
  to: string;
  campaignRecipientId?: string;
  /** Files sent with it (an inline image the HTML shows as `cid:…`, a calendar invitation). */
  attachments?: OutboxAttachment[];
  /** A calendar invite (RFC 5545 text) sent with the message as its text/calendar part. */
  icalEvent?: string;
}

/** The columns of a new outbox row for `email`, checked: for a caller that writes the row itself. */
export function newOutboxRow(email: OutgoingEmail) {
  // Validated addresses only: a bad one is a bug of the caller, and must fail its transaction.
  if (!isSingleAddress(email.to)) throw new Error(`enqueueEmail: not a single e-mail address: ${JSON.stringify(email.to)}`);
  return {
    kind: email.kind,
    toAddress: headerSafe(email.to),
    subject: headerSafe(email.subject),
    textBody: email.text,
    htmlBody: email.html,
    messageId: `<${randomUUID()}@opencall>`,
    campaignRecipientId: email.campaignRecipientId,
    attachments: email.attachments ?? null,
    icalEvent: email.icalEvent ?? null,
  };
}

export type NewOutboxRow = ReturnType<typeof newOutboxRow>;

/** Several e-mails in one statement (a campaign's batch). */
export async function enqueueEmails(db: DbOrTx, emails: OutgoingEmail[]): Promise<void> {
  if (emails.length > 0) await db.insert(outboxMessages).values(emails.map(newOutboxRow));
}

export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<{ id: number }> {
  const [row] = await db.insert(outboxMessages).values(newOutboxRow(email)).returning({ id: outboxMessages.id });
  if (!row) throw new Error("outbox insert returned no row");
  return row;
}
