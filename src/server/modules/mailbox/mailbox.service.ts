/**
 * The Mailbox: every outbox message, newest first, for admins. Without SMTP_URL it is how a
 * developer reads the mail the app "sent"; with SMTP it is the delivery log.
 */
import type { MailboxMessage } from "@common/schemas/mailbox";
import type { OutboxMessageRow } from "../../db/schema";
import type { SessionUser } from "../accounts/session.resolver";
import { mailboxErrors } from "./mailbox.errors";
import type { MailboxRepository } from "./mailbox.repository";

const HIDDEN_LINK = "[enlace oculto]";
const LINK = /https?:\/\/[^\s<>"']+/g;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function summary(row: Pick<OutboxMessageRow, "id" | "kind" | "toAddress" | "subject" | "status" | "createdAt" | "sentAt">) {
  return { ...row, createdAt: row.createdAt.toISOString(), sentAt: iso(row.sentAt) };
}

export function createMailboxService({ repository, smtpConfigured }: { repository: MailboxRepository; smtpConfigured: boolean }) {
  return {
    async list(page: number, pageSize: number) {
      const { items, total } = await repository.list(page, pageSize);
      return { items: items.map(summary), total, page, pageSize, smtpConfigured };
    },

    /**
     * One message. Links in another staff account's mail (password reset, e-mail verification)
     * carry that account's secret: an admin could take over a superadmin with them. Only a
     * superadmin, or the account itself, sees them.
     */
    async get(id: number, viewer: SessionUser): Promise<MailboxMessage> {
      const row = await repository.get(id);
      if (!row) throw mailboxErrors.messageNotFound();
      const owner = viewer.role === "superadmin" ? undefined : await repository.staffAccountId(row.toAddress);
      const linksHidden = owner !== undefined && owner !== viewer.id;
      const hide = (text: string) => (linksHidden ? text.replace(LINK, HIDDEN_LINK) : text);
      return {
        ...summary(row),
        textBody: hide(row.textBody),
        htmlBody: hide(row.htmlBody),
        attempts: row.attempts,
        lastError: row.lastError,
        smtpResponse: row.smtpResponse,
        linksHidden,
      };
    },
  };
}
