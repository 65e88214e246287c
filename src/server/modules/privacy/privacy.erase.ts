/**
 * Erasure (issue 18, ADR 016): a person's registration and everything that names them, in one
 * transaction. The row goes (its photos with it: their files are queued in storage_deletions by the
 * photos' trigger and removed by the storage sweeper; its panel scores, notes and tags by cascade;
 * its private links, derived from the id, open nothing any more). The e-mails sent to them or to
 * their guardian keep their rows with the address, subject and bodies blanked, and campaign
 * recipients keep theirs (status, times) without the address or name: every count still adds up.
 * Final, and recorded in the audit trail (ids only).
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailCampaignRecipients, modelRegistrations, outboxMessages, waitlistEntries } from "../../db/schema";
import { recordAudit, type AuditContext } from "../audit/audit.record";

/** What an erased e-mail's address and texts become. */
export const ERASED_ADDRESS = "erased@erased.invalid";
export const ERASED_TEXT = "[erased]";

export type ErasedBy = "registrant" | "staff" | "retention";

/**
 * Erases one registration; false when there is none of that id (erased already, or never was).
 * Runs in `tx`, the caller's transaction.
 */
export async function eraseRegistration(
  tx: DbOrTx,
  registrationId: string,
  by: ErasedBy,
  audit: AuditContext,
  now?: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({
      id: modelRegistrations.id,
      eventId: modelRegistrations.eventId,
      email: modelRegistrations.email,
      guardianEmail: modelRegistrations.guardianEmail,
    })
    .from(modelRegistrations)
    .where(eq(modelRegistrations.id, registrationId))
    .for("update");
  if (!row) return false;
  const addresses = [row.email, row.guardianEmail].filter((a): a is string => Boolean(a)).map((a) => a.toLowerCase());

  // The campaign messages to this registration, and every message to the person's or the guardian's
  // address. A message still waiting is never sent: it would go to nobody.
  const recipientIds = tx
    .select({ id: emailCampaignRecipients.id })
    .from(emailCampaignRecipients)
    .where(eq(emailCampaignRecipients.registrationId, registrationId));
  await tx
    .update(outboxMessages)
    .set({
      toAddress: ERASED_ADDRESS,
      subject: ERASED_TEXT,
      textBody: ERASED_TEXT,
      htmlBody: ERASED_TEXT,
      attachments: null,
      icalEvent: null,
      smtpResponse: null,
      lastError: null,
      status: sql`case when ${outboxMessages.status} = 'pending' then 'undelivered' else ${outboxMessages.status} end`,
    })
    .where(
      sql`(lower(${outboxMessages.toAddress}) in (${sql.join(
        addresses.map((a) => sql`${a}`),
        sql`, `,
      )}) or ${outboxMessages.campaignRecipientId} in (${recipientIds})) and ${outboxMessages.status} <> 'sending'`,
    );
  await tx
    .update(emailCampaignRecipients)
    .set({ email: ERASED_ADDRESS, fullName: ERASED_TEXT, readTokenHash: null, errorMessage: null, registrationId: null })
    .where(
      // Its own, and those of registrations of the same address deleted before (their address kept).
      sql`${emailCampaignRecipients.registrationId} = ${registrationId} or (${emailCampaignRecipients.registrationId} is null
        and lower(${emailCampaignRecipients.email}) in (${sql.join(
          addresses.map((a) => sql`${a}`),
          sql`, `,
        )}))`,
    );

  // Its waiting-list entries in this event (the accepted one that became this registration, and any
  // declined or expired one): each holds a copy of the person's fields (issue 19).
  await tx.delete(waitlistEntries).where(
    sql`${waitlistEntries.registrationId} = ${registrationId} or (${waitlistEntries.eventId} = ${row.eventId}
      and lower(${waitlistEntries.email}) in (${sql.join(
        addresses.map((a) => sql`${a}`),
        sql`, `,
      )}))`,
  );
  await tx.delete(modelRegistrations).where(eq(modelRegistrations.id, registrationId));
  await recordAudit(tx, {
    ...audit,
    action: by === "retention" ? "retention.erase" : "registration.erase",
    registrationId,
    eventId: row.eventId,
    details: { by },
    ...(now ? { at: now } : {}),
  });
  return true;
}
