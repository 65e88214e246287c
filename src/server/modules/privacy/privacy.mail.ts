/**
 * A person's mail history, as an export shows it and an erasure blanks it (issue 18, ADR 016).
 * Outbox rows carry no registration id: a person's messages are found by their address, and a
 * guardian's by the guardian link in them. Blanked rows keep their kind, status and times (the
 * counts still add up) and lose the address, subject, bodies, attachments and server replies.
 */
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../db/client";
import { emailCampaignRecipients, modelRegistrations, outboxMessages, waitlistEntries } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { recordRecipientOutcomes } from "../campaigns/campaigns.progress";
import type { OfferConfig } from "../waitlist/waitlist.offers";

/** What an erased e-mail's address and texts become. */
export const ERASED_ADDRESS = "erased@erased.invalid";
export const ERASED_TEXT = "[erased]";

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
  const blanked = rowsOf<{ recipientId: string | null; previous: string }>(
    await tx.execute(sql`
      with target as (select id, status from ${outboxMessages} where ${where} order by id for update)
      update ${outboxMessages} o
      set to_address = ${ERASED_ADDRESS}, subject = ${ERASED_TEXT}, text_body = ${ERASED_TEXT}, html_body = ${ERASED_TEXT},
        attachments = null, ical_event = null, smtp_response = null, last_error = null,
        status = case when target.status in ('pending', 'sending') then 'undelivered' else target.status end
      from target where o.id = target.id
      returning o.campaign_recipient_id as "recipientId", target.status as previous`),
  );
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
  await tx
    .update(emailCampaignRecipients)
    .set({ email: ERASED_ADDRESS, fullName: ERASED_TEXT, readTokenHash: null, errorMessage: null, registrationId: null })
    .where(
      // Its own, and those of registrations of the same address deleted before (their address kept).
      sql`${emailCampaignRecipients.registrationId} = ${person.id} or (${emailCampaignRecipients.registrationId} is null
        and lower(${emailCampaignRecipients.email}) = ${email})`,
    );
}

/**
 * Blanks every message to these addresses that nothing of is left (retention's erased waiting-list
 * entries: their place-in-line and offer e-mails hold their names).
 */
export async function blankMailOfForgottenAddresses(tx: DbOrTx, emails: string[], now: Date): Promise<void> {
  for (const email of new Set(emails.map((e) => e.toLowerCase())))
    await blankOutbox(tx, sql`lower(${outboxMessages.toAddress}) = ${email} and ${nothingElseLeft(email)}`, now);
}
