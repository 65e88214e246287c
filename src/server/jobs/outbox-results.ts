/**
 * Recording what the SMTP server answered, for the outbox worker.
 *
 * Accepted messages are recorded by group commit: a write starts at most GROUP_COMMIT_MS after the
 * first result waiting for it (at once when GROUP_COMMIT_SIZE are waiting), and those that arrive
 * during a write go in the next one. The window between the server's 250 and its record stays a
 * few tens of milliseconds, and a busy worker writes one statement per group, not one per message.
 *
 * A record that fails because the database is unavailable (a dropped or refused connection, a
 * time limit) is kept and written again with back-off (RETRY_FIRST_MS doubling to RETRY_MAX_MS)
 * for up to `retryLimitMs`. Meanwhile the worker keeps the messages' claims and renews them, so a
 * blip repeats nothing: dropping an accepted result would leave its row 'sending', to be sent
 * again after the lease (issue 15).
 */
import { isDatabaseUnavailable } from "../db/client";
import type { ClaimedMessage, OutboxRepository } from "../mail/outbox.repository";
import type { SendFailure } from "../mail/transport";
import type { WorkerLogger } from "./outbox-worker";

const GROUP_COMMIT_MS = 25;
const GROUP_COMMIT_SIZE = 200;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5000;
/** How long a result is kept while the database is unavailable, by default. */
export const RECORD_RETRY_LIMIT_MS = 5 * 60_000;

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Wait before the attempt after `attempts` failed ones: 30 s, 1 min, 2 min… at most an hour. */
export function backoffDelayMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export interface ResultRecorderOptions {
  repository: OutboxRepository;
  clock: () => Date;
  log: WorkerLogger;
  maxAttempts: number;
  retryLimitMs: number;
}

export type ResultRecorder = ReturnType<typeof createResultRecorder>;

export function createResultRecorder({ repository, clock, log, maxAttempts, retryLimitMs }: ResultRecorderOptions) {
  const waiting = createWaitingCount();

  /** Runs `write` until it succeeds, while (and as long as) the database is only unavailable. */
  async function persistently<T>(what: string, write: () => Promise<T>): Promise<T> {
    const giveUpAt = Date.now() + retryLimitMs;
    let delay = RETRY_FIRST_MS;
    let counted = false;
    try {
      for (;;) {
        try {
          return await write();
        } catch (error) {
          if (!isDatabaseUnavailable(error) || Date.now() + delay > giveUpAt) throw error;
          if (!counted) waiting.add();
          counted = true;
          log.warn({ err: error, retryInMs: delay }, `outbox: the database is unavailable; ${what} again shortly`);
          await new Promise((resolve) => setTimeout(resolve, delay));
          delay = Math.min(delay * 2, RETRY_MAX_MS);
        }
      }
    } finally {
      if (counted) waiting.remove();
    }
  }

  const recordSent = groupCommit((batch) =>
    persistently("recording accepted messages", () => repository.recordSent(batch, clock())),
  );

  /** A refused or failed send: retried later with back-off, or failed for good. */
  async function recordFailure(row: ClaimedMessage, failure: SendFailure): Promise<"failed" | "retried"> {
    const context = { outboxId: row.id, kind: row.kind, attempts: row.attempts, error: failure.message };
    if (failure.permanent || row.attempts >= maxAttempts) {
      await persistently("recording a failure", () => repository.recordFailed(row, failure.message, clock()));
      log.warn(context, failure.permanent ? "outbox: message refused for good" : "outbox: message failed, attempts used up");
      return "failed";
    }
    const next = new Date(clock().getTime() + backoffDelayMs(row.attempts));
    await persistently("recording a failure", () => repository.recordRetry(row, failure.message, next));
    log.warn({ ...context, nextAttemptAt: next.toISOString() }, "outbox: sending failed, will retry");
    return "retried";
  }

  /** Resolves when no record is waiting for the database any more. */
  return { recordSent, recordFailure, settled: waiting.settled };
}

/** Results waiting for the database, and who waits for them all to be written. */
function createWaitingCount() {
  let count = 0;
  let waiters: Array<() => void> = [];
  return {
    add: () => void count++,
    remove() {
      if (--count > 0) return;
      for (const wake of waiters) wake();
      waiters = [];
    },
    settled: (): Promise<void> => (count === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  };
}

type Accepted = { row: ClaimedMessage; smtpResponse: string };

/** Calls `write` with the accepted messages waiting, a group at a time (see the top of this file). */
function groupCommit(write: (batch: Accepted[]) => Promise<Set<number>>) {
  type Waiting = Accepted & { resolve: (recorded: boolean) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;
  let timer: NodeJS.Timeout | undefined;
  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    writing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const recorded = await write(batch);
        for (const item of batch) item.resolve(recorded.has(item.row.id));
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    writing = false;
  }
  return (row: ClaimedMessage, smtpResponse: string) =>
    new Promise<boolean>((resolve, reject) => {
      queue.push({ row, smtpResponse, resolve, reject });
      if (writing) return;
      if (queue.length >= GROUP_COMMIT_SIZE) void flush();
      else timer ??= setTimeout(() => void flush(), GROUP_COMMIT_MS);
    });
}
