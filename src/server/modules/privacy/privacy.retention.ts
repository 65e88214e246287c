/**
 * Retention (issue 18, ADR 016): registrants of events older than the retention period are erased,
 * unless selected (a retained stage, or liked) or marked "keep" by an admin, and so are those
 * events' waiting-list entries; sent, failed and undelivered e-mails and expired sessions are
 * deleted on their own schedule. Run by the same loop as the storage sweeper
 * (each server process and `npm run worker`): every step is a statement or a short transaction on
 * rows claimed with SKIP LOCKED, so any number of processes may run it side by side.
 */
import type { Db, DbOrTx } from "../../db/client";
import type { WorkerLogger } from "../../jobs/outbox-worker";
import { createPeriodicJob } from "../../jobs/periodic";
import { SYSTEM_AUDIT } from "../audit/audit.record";
import { eraseRegistration, type EraseConfig } from "./privacy.erase";
import {
  deleteExpiredSessions,
  deleteWaitlistOfPastEvents,
  dueForRetention,
  pruneOutbox,
  type RetentionCandidate,
} from "./privacy.erase.repository";
import { blankMailOfForgottenAddresses } from "./privacy.mail";

const BATCH = 100;

export type { RetentionCandidate } from "./privacy.erase.repository";

/** What the next run would erase (the admins' preview): ids, codes and events, no personal data. */
export async function retentionPreview(db: DbOrTx, now: Date, limit = 500): Promise<RetentionCandidate[]> {
  return dueForRetention(now, limit, false, db);
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
      const emails = await deleteWaitlistOfPastEvents(now, BATCH, tx);
      await blankMailOfForgottenAddresses(tx, emails, now);
      return emails.length;
    });
    erased += deleted;
    if (deleted < BATCH) return erased;
  }
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
      const due = await dueForRetention(now, BATCH, true, tx);
      for (const row of due) if (await eraseRegistration(tx, config, row.id, "retention", SYSTEM_AUDIT, now)) erased++;
      return due.length;
    });
    if (batch < BATCH) break;
  }
  const outboxPruned = await pruneOutbox(now, db);
  const sessionsPruned = await deleteExpiredSessions(now, db);
  return { erased, waitlistErased, outboxPruned, sessionsPruned };
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
  return createPeriodicJob({
    name: "retention",
    intervalMs,
    firstDelayMs: 0,
    log,
    async pass() {
      const result = await runRetention(db, config, clock());
      if (result.erased > 0 || result.waitlistErased > 0)
        log.info({ ...result }, "retention: personal data past its period erased");
      return result;
    },
  });
}
