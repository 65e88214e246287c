/**
 * The statements of erasure and retention (issue 18, ADR 016; the rules: privacy.erase.ts,
 * privacy.mail.ts, privacy.retention.ts). Each runs in the transaction given as its last argument
 * (or as one statement on the database), so what one erasure removes goes or stays together.
 */
import { recordErasure } from "../webhooks/webhooks.events";
import { RETAINED_STAGES } from "@common/constants";
import { todayIso } from "@common/dates";
import { eq, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../db/client";
import {
  emailCampaignRecipients,
  modelRegistrations,
  outboxMessages,
  privacySettings,
  scoutingEvents,
  sessions,
  waitlistEntries,
} from "../../db/schema";

/** What an erased e-mail's address and texts become. */
export const ERASED_ADDRESS = "erased@erased.invalid";
export const ERASED_TEXT = "[erased]";

/** The registration to erase, locked FOR UPDATE: its event, slot, state and addresses. */
export async function lockRegistrationToErase(registrationId: string, tx: DbOrTx) {
  const [row] = await tx
    .select({
      id: modelRegistrations.id,
      eventId: modelRegistrations.eventId,
      timeslotId: modelRegistrations.timeslotId,
      status: modelRegistrations.status,
      email: modelRegistrations.email,
      guardianEmail: modelRegistrations.guardianEmail,
      registrationCode: modelRegistrations.registrationCode,
    })
    .from(modelRegistrations)
    .where(eq(modelRegistrations.id, registrationId))
    .for("update");
  return row;
}

/**
 * Deletes the waiting-list entries of a registration's person: the one it became, and those of its
 * address (in its event, or `everywhere`). Their slots and statuses.
 */
export async function deleteWaitlistEntriesOf(
  person: { id: string; email: string; eventId: string },
  everywhere: boolean,
  tx: DbOrTx,
) {
  return tx
    .delete(waitlistEntries)
    .where(
      sql`${waitlistEntries.registrationId} = ${person.id} or (lower(${waitlistEntries.email}) = ${person.email.toLowerCase()}
        ${everywhere ? sql`` : sql`and ${waitlistEntries.eventId} = ${person.eventId}`})`,
    )
    .returning({ timeslotId: waitlistEntries.timeslotId, status: waitlistEntries.status });
}

/** Deletes it; its webhooks' earlier events keep its ids only, and `registration.erased` is recorded. */
export async function deleteRegistration(registrationId: string, tx: DbOrTx): Promise<void> {
  await tx.delete(modelRegistrations).where(eq(modelRegistrations.id, registrationId));
  await recordErasure(tx, registrationId);
}

/**
 * Blanks the outbox rows `where` selects, locked in id order (as the worker records them); one
 * pending or being sent is marked undelivered. Each row's campaign recipient and former status.
 */
export async function blankOutboxRows(where: SQL, tx: DbOrTx) {
  return rowsOf<{ recipientId: string | null; previous: string }>(
    await tx.execute(sql`
      with target as (select id, status from ${outboxMessages} where ${where} order by id for update)
      update ${outboxMessages} o
      set to_address = ${ERASED_ADDRESS}, cc_address = null, subject = ${ERASED_TEXT}, text_body = ${ERASED_TEXT}, html_body = ${ERASED_TEXT},
        attachments = null, ical_event = null, smtp_response = null, last_error = null,
        status = case when target.status in ('pending', 'sending') then 'undelivered' else target.status end
      from target where o.id = target.id
      returning o.campaign_recipient_id as "recipientId", target.status as previous`),
  );
}

/**
 * Blanks the campaign recipients of a registration: its own, and those of registrations of the same
 * address deleted before (their address kept).
 */
export async function blankCampaignRecipientsOf(registrationId: string, email: string, tx: DbOrTx): Promise<void> {
  await tx
    .update(emailCampaignRecipients)
    .set({ email: ERASED_ADDRESS, fullName: ERASED_TEXT, readTokenHash: null, errorMessage: null, registrationId: null })
    .where(
      sql`${emailCampaignRecipients.registrationId} = ${registrationId} or (${emailCampaignRecipients.registrationId} is null
        and lower(${emailCampaignRecipients.email}) = ${email.toLowerCase()})`,
    );
}

export interface RetentionCandidate {
  id: string;
  eventId: string;
  registrationCode: string;
  eventName: string;
  eventDate: string;
}

/** The events past the retention period at `now` (a condition on the event `e`, settings `s`). */
const pastRetention = (now: Date) => sql`e.event_date < ${todayIso(now)}::date - make_interval(months => s.retention_months)`;

/**
 * The registrations retention erases at `now`: of events past the period, neither liked, kept nor
 * at a retained stage; in a stable order; `lock` claims them (SKIP LOCKED).
 */
export async function dueForRetention(now: Date, limit: number, lock: boolean, tx: DbOrTx): Promise<RetentionCandidate[]> {
  const stages = sql.join(
    RETAINED_STAGES.map((stage) => sql`${stage}`),
    sql`, `,
  );
  return rowsOf<RetentionCandidate>(
    await tx.execute(sql`
    select r.id, r.event_id as "eventId", r.registration_code as "registrationCode", e.event_name as "eventName",
      e.event_date::text as "eventDate"
    from ${modelRegistrations} r
    join ${scoutingEvents} e on e.id = r.event_id
    cross join ${privacySettings} s
    where ${pastRetention(now)}
      and not r.liked and not r.retention_keep and r.stage not in (${stages})
    order by e.event_date, r.id
    limit ${limit}
    ${lock ? sql`for update of r skip locked` : sql``}`),
  );
}

/** Deletes a batch of the waiting-list entries of events past the period (SKIP LOCKED); their addresses. */
export async function deleteWaitlistOfPastEvents(now: Date, limit: number, tx: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ email: string }>(
    await tx.execute(sql`
      delete from ${waitlistEntries} where id in (
        select w.id from ${waitlistEntries} w
        join ${scoutingEvents} e on e.id = w.event_id
        cross join ${privacySettings} s
        where ${pastRetention(now)}
        limit ${limit}
        for update of w skip locked)
      returning email`),
  );
  return rows.map((row) => row.email);
}

/**
 * Deletes mail past its days: sent messages by when they were sent, failed and undelivered ones by
 * their last attempt (or creation). Pending and sending ones are left to the worker. How many.
 */
export async function pruneOutbox(now: Date, tx: DbOrTx): Promise<number> {
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(days => (select outbox_retention_days from ${privacySettings}))`;
  const pruned = rowsOf<{ id: number }>(
    await tx.execute(sql`
      delete from ${outboxMessages}
      where (status = 'sent' and sent_at < ${cutoff})
        or (status in ('failed', 'undelivered') and coalesce(claimed_at, created_at) < ${cutoff})
      returning id`),
  );
  return pruned.length;
}

/** Deletes the sessions expired at `now`; how many. */
export async function deleteExpiredSessions(now: Date, tx: DbOrTx): Promise<number> {
  const expired = rowsOf<{ id: string }>(
    await tx.execute(sql`delete from ${sessions} where expires_at < ${now.toISOString()}::timestamptz returning id`),
  );
  return expired.length;
}
