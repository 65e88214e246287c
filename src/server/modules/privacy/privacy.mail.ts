/**
 * A person's mail history, as an export shows it and an erasure blanks it (issue 18, ADR 016).
 * Outbox rows carry no registration id: a person's messages are found by their address, and a
 * guardian's by the guardian link in them. Blanked rows keep their kind, status and times (the
 * counts still add up) and lose the address, subject, bodies, attachments and server replies.
 */
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailCampaignRecipients, modelRegistrations, outboxMessages, waitlistEntries } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { recordRecipientOutcomes } from "../campaigns/campaigns.progress";
import type { OfferConfig } from "../waitlist/waitlist.offers";
import { blankCampaignRecipientsOf, blankOutboxRows } from "./privacy.erase.repository";

export { ERASED_ADDRESS, ERASED_TEXT } from "./privacy.erase.repository";

/** The registration whose person's mail is meant. */
export interface MailOwner {
  id: string;
  email: string;
  guardianEmail: string | null;
  registrationCode: string;
}

const campaignMessagesOf = (registrationId: string) =>
  sql`${outboxMessages.campaignRecipientId} in (select ${emailCampaignRecipients.id} from ${emailCampaignRecipients}
    where ${emailCampaignRecipients.registrationId} = ${registrationId})`;

const mentions = (text: string) => sql`position(${text} in ${outboxMessages.textBody}) > 0`;

/**
 * The outbox rows of a registration's person: every message to their address, the messages to
 * their guardian about this registration (the guardian's link names it: the guardian of a brother
 * or sister keeps theirs), and the registration's campaign messages.
 */
export function personalMail(config: Pick<OfferConfig, "authSecret">, person: Omit<MailOwner, "registrationCode">): SQL {
  const aboutThem = person.guardianEmail
    ? sql`or (lower(${outboxMessages.toAddress}) = ${person.guardianEmail.toLowerCase()}
        and ${mentions(registrationToken(config, "guardian", person.id))})`
    : sql``;
  return sql`(lower(${outboxMessages.toAddress}) = ${person.email.toLowerCase()} ${aboutThem} or ${campaignMessagesOf(person.id)})`;
}

/** Nothing of this address is left to write to: no other registration, no place in a line. */
const nothingElseLeft = (email: string, except?: string) => sql`(
  not exists (select 1 from ${modelRegistrations} where lower(${modelRegistrations.email}) = ${email}
    ${except ? sql`and ${modelRegistrations.id} <> ${except}` : sql``})
  and not exists (select 1 from ${waitlistEntries} where lower(${waitlistEntries.email}) = ${email}
    and ${waitlistEntries.status} in ('waiting', 'offered')))`;

/**
 * Blanks the rows `where` selects, locked in id order (as the worker records them). A message not
 * sent yet, or being sent right now, is never sent (or recorded) after this: it is marked
 * undelivered, so a worker's late answer changes nothing, and its campaign recipient is counted
 * failed, so the campaign still ends.
 */
async function blankOutbox(tx: DbOrTx, where: SQL, now: Date): Promise<void> {
  const blanked = await blankOutboxRows(where, tx);
  const unsent = blanked.filter((row) => row.recipientId && (row.previous === "pending" || row.previous === "sending"));
  await recordRecipientOutcomes(
    tx,
    unsent.map((row) => ({ recipientId: row.recipientId!, outcome: { status: "failed", error: "undelivered" } })),
    now,
  );
}

/**
 * Blanks the mail of a registration's person (`personalMail`) and its campaign recipients. Mail
 * already sent (or given up) goes whatever it was about: the outbox is history, and it is the same
 * person. Mail still to be sent goes when it names this registration (its code or one of its links,
 * or its campaign), or when nothing else of the address is left; otherwise it belongs to their other
 * registration or place in line, which still holds their data, and is left to be sent.
 */
export async function blankPersonalMail(tx: DbOrTx, config: OfferConfig, person: MailOwner, now: Date): Promise<void> {
  const email = person.email.toLowerCase();
  const ofThisRegistration = sql`(${mentions(person.registrationCode)}
    or ${mentions(registrationToken(config, "manage", person.id))}
    or ${mentions(registrationToken(config, "check-in", person.id))}
    or ${mentions(registrationToken(config, "guardian", person.id))}
    or ${campaignMessagesOf(person.id)})`;
  await blankOutbox(
    tx,
    sql`${personalMail(config, person)} and (${outboxMessages.status} not in ('pending', 'sending')
      or ${ofThisRegistration} or ${nothingElseLeft(email, person.id)})`,
    now,
  );
  await blankCampaignRecipientsOf(person.id, email, tx);
}

/**
 * Blanks every message to these addresses that nothing of is left (retention's erased waiting-list
 * entries: their place-in-line and offer e-mails hold their names).
 */
export async function blankMailOfForgottenAddresses(tx: DbOrTx, emails: string[], now: Date): Promise<void> {
  for (const email of new Set(emails.map((e) => e.toLowerCase())))
    await blankOutbox(tx, sql`lower(${outboxMessages.toAddress}) = ${email} and ${nothingElseLeft(email)}`, now);
}
