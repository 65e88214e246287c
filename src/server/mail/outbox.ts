/**
 * Enqueueing: the only way to send an e-mail. Call it with the transaction of the change that
 * causes the e-mail, so both are committed together or not at all. The worker (src/server/jobs)
 * delivers the row. (The public registration writes its verification e-mail's row in the same
 * statement as the registration, from `newOutboxRow`: see modules/public/public.repository.ts.)
 * The insert fills in the agency's name and contact address (agency-fill.ts) and records the
 * sender's name.
 */
import { randomUUID } from "node:crypto";
import type { MailKind } from "@common/schemas/mailbox";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { outboxMessages, type OutboxAttachment } from "../db/schema";
import { AGENCY_FROM_NAME_SQL, agencyFilled, agencyFilledSql } from "./agency-fill";
import { headerSafe, isSingleAddress, type EmailContent } from "./layout";

export interface OutgoingEmail extends EmailContent {
  /** Template name, e.g. "registration_verification": staff read it by its label (MAIL_KINDS). */
  kind: MailKind;
  to: string;
  /** One address copied (Cc): a minor's guardian on their callback invitation (issue 36). */
  cc?: string | undefined;
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
  if (email.cc !== undefined && !isSingleAddress(email.cc))
    throw new Error(`enqueueEmail: not a single e-mail address: ${JSON.stringify(email.cc)}`);
  return {
    kind: email.kind,
    toAddress: headerSafe(email.to),
    ccAddress: email.cc === undefined ? null : headerSafe(email.cc),
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

/** The outbox columns a hand-written insert sends as parameters (the bench's reference compares its own). */
export const RAW_COLUMNS = ["kind", "to_address", "subject", "text_body", "html_body", "message_id"];
const RAW_VALUES = `m.kind, m.to_address, ${agencyFilledSql("m.subject", "text")}, ${agencyFilledSql("m.text_body", "text")},
  ${agencyFilledSql("m.html_body", "html")}, m.message_id, ${AGENCY_FROM_NAME_SQL}`;

/**
 * For a statement written by hand (the public registration's): an insert of `count` outbox rows,
 * one per row of `from` (a CTE name), each given as outboxRowParameters from parameter `first` on.
 */
export function outboxInsertSql(from: string, first: number, count: number): string {
  const rows = Array.from(
    { length: count },
    (_, row) => `(${RAW_COLUMNS.map((_, i) => `$${first + row * RAW_COLUMNS.length + i}`).join(", ")})`,
  );
  return `
    insert into outbox_messages (${RAW_COLUMNS.join(", ")}, from_name)
    select ${RAW_VALUES} from ${from}, (values ${rows.join(", ")}) as m(${RAW_COLUMNS.join(", ")})`;
}

export const outboxRowParameters = (m: NewOutboxRow) => [m.kind, m.toAddress, m.subject, m.textBody, m.htmlBody, m.messageId];

/** A row's insert values: the agency's markers filled in, and its name as the sender's, by the statement. */
function insertValues(email: OutgoingEmail | NewOutboxRow) {
  const row = "to" in email ? newOutboxRow(email) : email;
  return {
    ...row,
    subject: agencyFilled(row.subject, "text"),
    textBody: agencyFilled(row.textBody, "text"),
    htmlBody: agencyFilled(row.htmlBody, "html"),
    fromName: sql.raw(AGENCY_FROM_NAME_SQL),
  };
}

/** Several e-mails in one statement (a campaign's batch). */
export async function enqueueEmails(db: DbOrTx, emails: OutgoingEmail[]): Promise<void> {
  if (emails.length > 0) await db.insert(outboxMessages).values(emails.map(insertValues));
}

/** Inserts a row made earlier with newOutboxRow (a caller that decides first, then writes). */
export async function enqueueOutboxRow(db: DbOrTx, row: NewOutboxRow): Promise<void> {
  await db.insert(outboxMessages).values(insertValues(row));
}

export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<{ id: number }> {
  const [row] = await db.insert(outboxMessages).values(insertValues(email)).returning({ id: outboxMessages.id });
  if (!row) throw new Error("outbox insert returned no row");
  return row;
}
