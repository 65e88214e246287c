/**
 * A registration's time changed under it (issue 19): the person moved it (manage link), staff moved
 * it (edit), or its slot moved (an event edit changing the date or the slot's times). Whatever the
 * cause, in the transaction of the change:
 * - the calendar invite's SEQUENCE is raised, so the updated invite (same UID) replaces the entry the
 *   person's calendar holds (RFC 5546: a higher SEQUENCE is a new revision);
 * - when the start moved and is still ahead, the reminder is due again (reminder_sent_at cleared):
 *   the one sent named the old time. A change of the end alone keeps it;
 * - while the slot is still ahead, the person gets the "moved" notice with the updated invite. A
 *   correction of a past event's record notifies nobody.
 * Callers hold the registrations' row locks (or take them here, in the UPDATE) before any slot's:
 * the order every writer of a registration uses (registration, then slot), so no two wait in a cycle.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../db/client";
import { modelRegistrations } from "../../db/schema";
import { slotStartSql } from "../../lib/calendar";
import { enqueueEmails } from "../../mail/outbox";
import { recordWebhookEvents } from "../webhooks/webhooks.events";
import { findNoticeRows, registrantNotice, type NoticeConfig } from "./registrations.notices";

export interface RescheduleOptions {
  /** False when only the end time moved: the reminder already sent named the right start. */
  startMoved?: boolean;
}

/** Raises the invites' SEQUENCE, re-arms the reminders and queues the notices; returns the notices queued. */
export async function registrationsRescheduled(
  tx: DbOrTx,
  config: NoticeConfig,
  registrationIds: string[],
  now: Date,
  { startMoved = true }: RescheduleOptions = {},
): Promise<number> {
  if (registrationIds.length === 0) return 0;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const starts = slotStartSql(sql`e.event_date`, sql`t.start_time`);
  const changed = rowsOf<{ id: string; ahead: boolean; event_id: string; timeslot_id: string }>(
    await tx.execute(sql`
      update ${modelRegistrations} r
      set ics_sequence = r.ics_sequence + 1,
          reminder_sent_at = case when ${startMoved}::boolean and ${starts} > ${nowSql} then null else r.reminder_sent_at end
      from event_timeslots t join scouting_events e on e.id = t.event_id
      where t.id = r.timeslot_id and r.status <> 'cancelled'
        and r.id in (${sql.join(
          registrationIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      returning r.id, r.event_id, r.timeslot_id, ${starts} > ${nowSql} as ahead`),
  );
  await recordWebhookEvents(
    tx,
    "registration.moved",
    changed.map((row) => ({
      subjectId: row.id,
      data: { registrationId: row.id, eventId: row.event_id, timeslotId: row.timeslot_id },
    })),
  );
  const ahead = changed.filter((row) => row.ahead).map((row) => row.id);
  const rows = await findNoticeRows(tx, ahead);
  await enqueueEmails(
    tx,
    rows.map((row) => registrantNotice(config, "moved", row)),
  );
  return rows.length;
}
