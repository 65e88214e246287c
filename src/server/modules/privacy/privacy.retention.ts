/**
 * Retention (issue 18, ADR 016): registrants of events older than the retention period are erased,
 * unless selected (a retained stage, or liked) or marked "keep" by an admin, and so are those
 * events' waiting-list entries; sent, failed and undelivered e-mails and expired sessions are
 * deleted on their own schedule. Run by the same loop as the storage sweeper
 * (each server process and `npm run worker`): every step is a statement or a short transaction on
 * rows claimed with SKIP LOCKED, so any number of processes may run it side by side.
 */
import { RETAINED_STAGES } from "@common/constants";
import { todayIso } from "@common/dates";
import { sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "../../db/client";
import { modelRegistrations, outboxMessages, privacySettings, scoutingEvents, sessions, waitlistEntries } from "../../db/schema";
import type { WorkerLogger } from "../../jobs/outbox-worker";
import { SYSTEM_AUDIT } from "../audit/audit.record";
import { eraseRegistration, type EraseConfig } from "./privacy.erase";
import { blankMailOfForgottenAddresses } from "./privacy.mail";

const BATCH = 100;

/** The registrations retention erases at `now`, in a stable order; `lock` claims them (SKIP LOCKED). */
function dueRegistrations(now: Date, limit: number, lock: boolean) {
  const stages = sql.join(
    RETAINED_STAGES.map((stage) => sql`${stage}`),
    sql`, `,
  );
  return sql`
    select r.id, r.event_id as "eventId", r.registration_code as "registrationCode", e.event_name as "eventName",
      e.event_date::text as "eventDate"
    from ${modelRegistrations} r
    join ${scoutingEvents} e on e.id = r.event_id
    cross join ${privacySettings} s
    where e.event_date < ${todayIso(now)}::date - make_interval(months => s.retention_months)
      and not r.liked and not r.retention_keep and r.stage not in (${stages})
    order by e.event_date, r.id
    limit ${limit}
    ${lock ? sql`for update of r skip locked` : sql``}`;
}

export interface RetentionCandidate {
  id: string;
  eventId: string;
  registrationCode: string;
  eventName: string;
  eventDate: string;
}

/** What the next run would erase (the admins' preview): ids, codes and events, no personal data. */
export async function retentionPreview(db: DbOrTx, now: Date, limit = 500): Promise<RetentionCandidate[]> {
  return rowsOf<RetentionCandidate>(await db.execute(dueRegistrations(now, limit, false)));
}

export interface RetentionResult {
  erased: number;
  waitlistErased: number;
  outboxPruned: number;
  sessionsPruned: number;
}

/**
 * The waiting-list entries of events past the period, whatever their status: each holds a copy of a
 * person's fields, and their photos go with them (cascade; the files queued), and so does their
 * mail when nothing else of the address is left. Nobody is offered anything for an event that long
 * past, so their held spots are not passed on. Each batch is one transaction.
 */
async function eraseWaitlistOfPastEvents(db: Db, now: Date): Promise<number> {
  let erased = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      const rows = rowsOf<{ email: string }>(
        await tx.execute(sql`
          delete from ${waitlistEntries} where id in (
            select w.id from ${waitlistEntries} w
            join ${scoutingEvents} e on e.id = w.event_id
            cross join ${privacySettings} s
            where e.event_date < ${todayIso(now)}::date - make_interval(months => s.retention_months)
            limit ${BATCH}
            for update of w skip locked)
          returning email`),
      );
      await blankMailOfForgottenAddresses(
        tx,
        rows.map((row) => row.email),
        now,
      );
      return rows.length;
    });
    erased += deleted;
    if (deleted < BATCH) return erased;
  }
}

/**
 * Mail past its days: sent messages by when they were sent, failed and undelivered ones by their
 * last attempt (or creation). Pending and sending ones are left to the worker.
 */
async function pruneOutbox(db: Db, now: Date): Promise<number> {
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(days => (select outbox_retention_days from ${privacySettings}))`;
  const pruned = rowsOf<{ id: number }>(
    await db.execute(sql`
      delete from ${outboxMessages}
      where (status = 'sent' and sent_at < ${cutoff})
        or (status in ('failed', 'undelivered') and coalesce(claimed_at, created_at) < ${cutoff})
      returning id`),
  );
  return pruned.length;
}

/**
 * One pass: erases due waiting-list entries, then due registrants batch by batch (each batch one
 * transaction), then prunes mail and sessions.
 */
export async function runRetention(db: Db, config: EraseConfig, now: Date): Promise<RetentionResult> {
  const waitlistErased = await eraseWaitlistOfPastEvents(db, now);
  let erased = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = rowsOf<RetentionCandidate>(await tx.execute(dueRegistrations(now, BATCH, true)));
      for (const row of due) if (await eraseRegistration(tx, config, row.id, "retention", SYSTEM_AUDIT, now)) erased++;
      return due.length;
    });
    if (batch < BATCH) break;
  }
  const outboxPruned = await pruneOutbox(db, now);
  const expired = rowsOf<{ id: string }>(
    await db.execute(sql`delete from ${sessions} where expires_at < ${now.toISOString()}::timestamptz returning id`),
  );
  return { erased, waitlistErased, outboxPruned, sessionsPruned: expired.length };
}

/**
 * The retention loop: a first pass as soon as it starts (a process restarted more often than
 * hourly still erases), then hourly by default; a failed pass is logged and tried again at the next.
 */
export function createRetentionJob({
  db,
  config,
  log,
  clock = () => new Date(),
  intervalMs = 3_600_000,
}: {
  db: Db;
  config: EraseConfig;
  log: WorkerLogger;
  clock?: () => Date;
  intervalMs?: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runRetention(db, config, clock())
        .then((result) => {
          if (result.erased > 0 || result.waitlistErased > 0)
            log.info({ ...result }, "retention: personal data past its period erased");
        })
        .catch((error: unknown) => log.warn({ err: error }, "retention pass failed; trying again later"))
        .finally(() => schedule(intervalMs));
    }, delayMs);
    timer.unref();
  }
  return {
    runOnce: () => runRetention(db, config, clock()),
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
