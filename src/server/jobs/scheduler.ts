/**
 * Time-based work of the registrant's self-service (issue 19; ADR 017), driven by the database so
 * that it survives restarts and any number of processes may run it (every app process and
 * `npm run worker` run one): each pass claims what is due with FOR UPDATE SKIP LOCKED and changes it
 * in the same transaction that queues its e-mails.
 * - Offers past their hold expire; their spots go to the next in line.
 * - Confirmed registrations whose slot starts within REMINDER_HOURS_BEFORE get their reminder, once:
 *   reminder_sent_at is set by the transaction that queues it. A process down at the reminder's time
 *   sends it when it comes back, while the slot is still ahead.
 * - Campaign messages a process left unwritten (it stopped after the campaign's POST) are written
 *   (modules/campaigns/campaigns.queue.ts: each once, whoever writes it).
 */
import { sql } from "drizzle-orm";
import type { Config } from "../config";
import { rowsOf, type Db } from "../db/client";
import { modelRegistrations } from "../db/schema";
import { slotStartSql } from "../lib/calendar";
import { enqueueEmails } from "../mail/outbox";
import { findNoticeRow, registrantNotice } from "../modules/registrations/registrations.notices";
import { expireOffers } from "../modules/waitlist/waitlist.offers";
import { writeCampaignMessages } from "../modules/campaigns/campaigns.queue";
import type { WorkerLogger } from "./outbox-worker";
import { createPeriodicJob } from "./periodic";

const BATCH = 100;

export type SchedulerConfig = Pick<Config, "publicUrl" | "authSecret" | "mailFrom" | "waitlistHoldHours" | "reminderHoursBefore">;

/** Queues the reminders now due (one batch); returns how many. */
export async function sendDueReminders(db: Db, config: SchedulerConfig, now = new Date(), batch = BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const starts = slotStartSql(sql`e.event_date`, sql`t.start_time`);
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const due = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select r.id from ${modelRegistrations} r
        join event_timeslots t on t.id = r.timeslot_id
        join scouting_events e on e.id = r.event_id
        where r.status = 'confirmed' and r.reminder_sent_at is null
          and ${starts} > ${nowSql}
          and ${starts} <= ${nowSql} + make_interval(secs => ${config.reminderHoursBefore * 3600})
        order by ${starts}, r.id
        limit ${batch}
        for update of r skip locked`),
    );
    if (due.length === 0) return 0;
    const emails = [];
    for (const { id } of due) {
      const row = await findNoticeRow(tx, id);
      if (row) emails.push(registrantNotice(config, "reminder", row));
    }
    await enqueueEmails(tx, emails);
    await tx.execute(sql`
      update ${modelRegistrations} set reminder_sent_at = ${nowSql}
      where id in (${sql.join(
        due.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )})`);
    return due.length;
  });
}

export interface SchedulerOptions {
  db: Db;
  config: SchedulerConfig;
  log: WorkerLogger;
  clock?: () => Date;
  intervalMs?: number;
}

export function createScheduler({ db, config, log, clock = () => new Date(), intervalMs = 30_000 }: SchedulerOptions) {
  /** One pass: every due batch of both kinds, until none is left. */
  async function runOnce(): Promise<{ expired: number; reminded: number; campaignMessages: number }> {
    const now = clock();
    let expired = 0;
    let reminded = 0;
    for (let n; (n = await expireOffers(db, config, now, BATCH)) > 0;) expired += n;
    for (let n; (n = await sendDueReminders(db, config, now, BATCH)) > 0;) reminded += n;
    if (expired || reminded) log.info({ expired, reminded }, "scheduler: offers expired, reminders queued");
    const campaignMessages = await writeCampaignMessages(db, config, { clock });
    if (campaignMessages) log.info({ campaignMessages }, "scheduler: campaign messages left unwritten were written");
    return { expired, reminded, campaignMessages };
  }

  return createPeriodicJob({ name: "scheduler", intervalMs, log, pass: runOnce });
}
