/**
 * Erasure (issue 18, ADR 016): a person's registration and everything that names them, in one
 * transaction. The row goes (its photos with it: their files are queued in storage_deletions by the
 * photos' trigger and removed by the storage sweeper; its panel scores, notes and tags by cascade;
 * its private links, derived from the id, open nothing any more). The e-mails sent to them, or to
 * their guardian about them, keep their rows with the address, subject and bodies blanked, and
 * campaign recipients keep theirs (status, times) without the address or name: every count still
 * adds up. A live registration's spot, and any spot an offer to them held, goes to the waiting list
 * in the same transaction (issue 19). Final, and recorded in the audit trail (ids only).
 *
 * A staff deletion (registrations.service.ts) removes the registration the same way
 * (`removeRegistration`): nothing of the person is left where an erasure could no longer find it.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../db/client";
import { emailCampaignRecipients, modelRegistrations, outboxMessages, waitlistEntries } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { recordAudit, type AuditContext } from "../audit/audit.record";
import { recordRecipientOutcomes } from "../campaigns/campaigns.progress";
import { offerFreedSpots, type OfferConfig } from "../waitlist/waitlist.offers";

/** What an erased e-mail's address and texts become. */
export const ERASED_ADDRESS = "erased@erased.invalid";
export const ERASED_TEXT = "[erased]";

export type ErasedBy = "registrant" | "staff" | "retention";

/** What erasing needs of the configuration: the waiting list's offers, and the guardian link's key. */
export type EraseConfig = OfferConfig;

interface PersonRow {
  id: string;
  eventId: string;
  timeslotId: string;
  status: string;
  email: string;
  guardianEmail: string | null;
}

/**
 * The outbox rows of a registration's person (what an export shows and an erasure blanks): every
 * message to their address, the messages to their guardian about this registration (the guardian's
 * link names it: a guardian of a brother or sister keeps theirs), and the registration's campaign
 * messages.
 */
export function personalMail(
  config: Pick<EraseConfig, "authSecret">,
  person: Pick<PersonRow, "id" | "email" | "guardianEmail">,
): SQL {
  const aboutThem = person.guardianEmail
    ? sql`or (lower(${outboxMessages.toAddress}) = ${person.guardianEmail.toLowerCase()}
        and position(${registrationToken(config, "guardian", person.id)} in ${outboxMessages.textBody}) > 0)`
    : sql``;
  return sql`(lower(${outboxMessages.toAddress}) = ${person.email.toLowerCase()} ${aboutThem}
    or ${outboxMessages.campaignRecipientId} in (select ${emailCampaignRecipients.id} from ${emailCampaignRecipients}
      where ${emailCampaignRecipients.registrationId} = ${person.id}))`;
}

/**
 * Blanks the mail history of a registration's person (`personalMail`) and their campaign
 * recipients. A message not
 * sent yet, or being sent right now, is never sent (or recorded) after this: it is marked
 * undelivered, so a worker's late answer changes nothing, and its campaign recipient is counted
 * failed, so the campaign still ends. Rows are locked in id order, as the worker records them.
 */
export async function blankPersonalMail(tx: DbOrTx, config: EraseConfig, person: PersonRow, now: Date): Promise<void> {
  const email = person.email.toLowerCase();
  const blanked = rowsOf<{ recipientId: string | null; previous: string }>(
    await tx.execute(sql`
      with target as (
        select id, status from ${outboxMessages}
        where ${personalMail(config, person)}
        order by id
        for update
      )
      update ${outboxMessages} o
      set to_address = ${ERASED_ADDRESS}, subject = ${ERASED_TEXT}, text_body = ${ERASED_TEXT}, html_body = ${ERASED_TEXT},
        attachments = null, ical_event = null, smtp_response = null, last_error = null,
        status = case when target.status in ('pending', 'sending') then 'undelivered' else target.status end
      from target where o.id = target.id
      returning o.campaign_recipient_id as "recipientId", target.status as previous`),
  );
  await tx
    .update(emailCampaignRecipients)
    .set({ email: ERASED_ADDRESS, fullName: ERASED_TEXT, readTokenHash: null, errorMessage: null, registrationId: null })
    .where(
      // Its own, and those of registrations of the same address deleted before (their address kept).
      sql`${emailCampaignRecipients.registrationId} = ${person.id} or (${emailCampaignRecipients.registrationId} is null
        and lower(${emailCampaignRecipients.email}) = ${email})`,
    );
  const unsent = blanked.filter((row) => row.recipientId && (row.previous === "pending" || row.previous === "sending"));
  await recordRecipientOutcomes(
    tx,
    unsent.map((row) => ({ recipientId: row.recipientId!, outcome: { status: "failed", error: "undelivered" } })),
    now,
  );
}

/**
 * Removes a registration and the copies of its person's data (mail, campaign recipients, waiting-list
 * entries: in its event, or `everywhere` for an erasure, since each holds the person's fields and
 * photos), then offers what that freed to the waiting list. Undefined when there is no such row.
 */
export async function removeRegistration(
  tx: DbOrTx,
  config: EraseConfig,
  registrationId: string,
  { now = new Date(), everywhere = false }: { now?: Date; everywhere?: boolean } = {},
): Promise<PersonRow | undefined> {
  const [row] = await tx
    .select({
      id: modelRegistrations.id,
      eventId: modelRegistrations.eventId,
      timeslotId: modelRegistrations.timeslotId,
      status: modelRegistrations.status,
      email: modelRegistrations.email,
      guardianEmail: modelRegistrations.guardianEmail,
    })
    .from(modelRegistrations)
    .where(eq(modelRegistrations.id, registrationId))
    .for("update");
  if (!row) return undefined;
  await blankPersonalMail(tx, config, row, now);
  // The person's own entries only (a guardian's place in a line is the guardian's). An entry's
  // photos go with it (cascade), their files queued like the registration's.
  const entries = await tx
    .delete(waitlistEntries)
    .where(
      sql`${waitlistEntries.registrationId} = ${registrationId} or (lower(${waitlistEntries.email}) = ${row.email.toLowerCase()}
        ${everywhere ? sql`` : sql`and ${waitlistEntries.eventId} = ${row.eventId}`})`,
    )
    .returning({ timeslotId: waitlistEntries.timeslotId, status: waitlistEntries.status });
  await tx.delete(modelRegistrations).where(eq(modelRegistrations.id, registrationId));
  const freed = [
    ...(row.status === "cancelled" ? [] : [row.timeslotId]),
    ...entries.filter((entry) => entry.status === "offered").map((entry) => entry.timeslotId),
  ];
  if (freed.length > 0) await offerFreedSpots(tx, config, freed, { now });
  return row;
}

/**
 * Erases one registration; false when there is none of that id (erased already, or never was).
 * Runs in `tx`, the caller's transaction.
 */
export async function eraseRegistration(
  tx: DbOrTx,
  config: EraseConfig,
  registrationId: string,
  by: ErasedBy,
  audit: AuditContext,
  now?: Date,
): Promise<boolean> {
  const row = await removeRegistration(tx, config, registrationId, { everywhere: true, ...(now ? { now } : {}) });
  if (!row) return false;
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
