/**
 * The storage sweeper (issue 17), driven by the database so any number of processes may run it:
 * - photos uploaded but never claimed by a registration are deleted after a day (their rows, whose
 *   trigger queues their files);
 * - queued file deletions (storage_deletions) are carried out against the object store, each row
 *   claimed with FOR UPDATE SKIP LOCKED and deleted once the store confirmed; a store that does not
 *   answer leaves the row, retried with a growing delay, until it does.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/client";
import { storageDeletions } from "../db/schema";
import { createPhotosRepository } from "../modules/photos/photos.repository";
import type { ObjectStore } from "../storage/storage";
import type { WorkerLogger } from "./outbox-worker";
import { createPeriodicJob } from "./periodic";

export const UNUSED_PHOTO_TTL_MS = 24 * 3_600_000;
const BATCH = 100;

export interface StorageSweeperOptions {
  db: Db;
  storage: ObjectStore;
  log: WorkerLogger;
  clock?: () => Date;
  intervalMs?: number;
}

export interface SweepResult {
  unusedPhotos: number;
  filesDeleted: number;
  filesFailed: number;
}

export function createStorageSweeper({ db, storage, log, clock = () => new Date(), intervalMs = 60_000 }: StorageSweeperOptions) {
  const photosRepo = createPhotosRepository(db);

  /**
   * Claims due deletions by moving their next attempt past the retry delay (committed at once: no
   * transaction is held while the store is called), deletes the files, and removes the rows the
   * store confirmed. A failure leaves the row for its next attempt, and ends the pass: the store
   * is most likely down for the others too.
   */
  async function deleteQueuedFiles(now: Date): Promise<{ deleted: number; failed: number }> {
    const due = rowsOf<{ id: string; storage_key: string; attempts: number }>(
      await db.execute(sql`
        update ${storageDeletions} d set attempts = d.attempts + 1,
          next_attempt_at = ${now.toISOString()}::timestamptz
            + least(interval '1 hour', interval '10 seconds' * power(2, least(d.attempts, 12)))
        where d.id in (
          select id from ${storageDeletions} where next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at limit ${BATCH} for update skip locked)
        returning d.id, d.storage_key, d.attempts`),
    );
    let deleted = 0;
    let failed = 0;
    for (const row of due) {
      try {
        await storage.delete(row.storage_key);
      } catch (error) {
        failed = due.length - deleted;
        await db.execute(sql`
          update ${storageDeletions} set last_error = ${String((error as Error).message ?? error).slice(0, 500)}
          where id = ${row.id}`);
        log.warn({ err: error, pending: failed }, "storage sweeper: the object store did not delete a file; retried later");
        // The rows not tried keep their claimed next attempt: the same delay as the failed one.
        break;
      }
      await db.execute(sql`delete from ${storageDeletions} where id = ${row.id}`);
      deleted++;
    }
    return { deleted, failed };
  }

  async function sweepOnce(): Promise<SweepResult> {
    const now = clock();
    const unusedPhotos = await photosRepo.deleteUnclaimedBefore(new Date(now.getTime() - UNUSED_PHOTO_TTL_MS), 500);
    const { deleted, failed } = await deleteQueuedFiles(now);
    return { unusedPhotos, filesDeleted: deleted, filesFailed: failed };
  }

  const job = createPeriodicJob({ name: "storage sweeper", intervalMs, log, pass: sweepOnce });
  return { sweepOnce, start: job.start, stop: job.stop };
}
