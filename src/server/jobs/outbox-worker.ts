/**
 * The outbox worker: claims due messages (FOR UPDATE SKIP LOCKED, committed before any SMTP
 * traffic), sends them over the pooled transport, and records each outcome with the server's reply.
 * Runs inside the server process, or alone (`npm run worker`); any number of workers may share one
 * PostgreSQL database. Without SMTP_URL it keeps mail in the database and logs its links.
 * Why it is built this way: docs/decisions/004-mail-outbox.md.
 */
import type { Config } from "../config";
import type { Db, DbOrTx } from "../db/client";
import { createOutboxRepository, type OnDelivered } from "../mail/outbox.repository";
import { createSendRate, sendRateKey, type SendRate } from "../mail/send-rate";
import { createSmtpTransport, type MailTransport } from "../mail/transport";
import { createSharedCounter } from "../lib/shared-limits";
import { createBatchSender, type ClaimedBatch } from "./outbox-batch";
import { createClaimHolder } from "./outbox-claims";
import { createResultRecorder, RECORD_RETRY_LIMIT_MS } from "./outbox-results";

export { backoffDelayMs } from "./outbox-results";

export interface WorkerLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface OutboxWorkerOptions {
  db: DbOrTx;
  config: Config;
  log: WorkerLogger;
  /** Told what became of messages (sent, failed for good, kept undelivered), in the transaction that records it. */
  onDelivered?: OnDelivered;
  /** Defaults to the SMTP transport of config.smtpUrl; null (or no SMTP_URL) is the development outbox. */
  transport?: MailTransport | null;
  /**
   * The send rate shared through the database with every worker of the same SMTP server
   * (MAIL_RATE_PER_SECOND in all); defaults to one over `db`. Null: only the transport's own.
   */
  sendRate?: SendRate | null;
  /** Told each pass's outcomes once recorded (the process's metrics). */
  onPass?: (result: DrainResult) => void;
  clock?: () => Date;
  /** Wait between polls when nothing is due. */
  pollIntervalMs?: number;
  /** Messages claimed at once (defaults to what the rate limit sends in about five seconds, at most 200). */
  batchSize?: number;
  /** How long an outcome is kept and recorded again while the database is unavailable. */
  recordRetryLimitMs?: number;
}

export interface DrainResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  undelivered: number;
}

export interface OutboxWorker {
  start(): void;
  /** Stops polling and waits for the in-flight sends to finish and be recorded. */
  stop(): Promise<void>;
  /** One pass: re-queue expired leases, claim a batch, send it, record every outcome. */
  drainOnce(): Promise<DrainResult>;
}

/** Batches of messages being sent at once by the running worker: the next batch is claimed while one finishes. */
const PASSES_IN_FLIGHT = 2;

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { config, log } = options;
  const clock = options.clock ?? (() => new Date());
  const repository = createOutboxRepository(options.db, options.onDelivered);
  const transport =
    options.transport !== undefined
      ? options.transport
      : config.smtpUrl
        ? createSmtpTransport({
            smtpUrl: config.smtpUrl,
            mailFrom: config.mailFrom,
            ratePerSecond: config.mailRatePerSecond,
            dkim: config.dkim,
          })
        : null;
  // Queued in the pool, a claimed message waits for the rate limit: keep that wait (a few
  // seconds) far below the lease, so no live worker's message is ever taken for a dead one's.
  const batchSize = options.batchSize ?? Math.min(200, Math.max(1, Math.floor(config.mailRatePerSecond * 5)));
  const leaseMs = config.mailSendLeaseSeconds * 1000;
  const results = createResultRecorder({
    repository,
    clock,
    log,
    maxAttempts: config.mailMaxAttempts,
    retryLimitMs: options.recordRetryLimitMs ?? RECORD_RETRY_LIMIT_MS,
  });
  const sendRate =
    options.sendRate !== undefined
      ? (options.sendRate ?? undefined)
      : transport
        ? createSendRate(createSharedCounter(options.db as Db), sendRateKey(config.smtpUrl), config.mailRatePerSecond, log)
        : undefined;
  const claims = createClaimHolder({ repository, clock, log, leaseMs });
  const claimBatch = createBatchSender({
    repository,
    transport,
    sendRate,
    claims,
    results,
    log,
    clock,
    batchSize,
    leaseMs,
    maxAttempts: config.mailMaxAttempts,
  });
  const counted = async (): Promise<ClaimedBatch> => {
    const batch = await claimBatch();
    if (options.onPass) void batch.done.then(options.onPass, () => {});
    return batch;
  };
  const loop = createLoop({
    claimBatch: counted,
    settled: results.settled,
    batchSize,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    log,
  });
  return {
    drainOnce: async () => (await counted()).done,
    start() {
      if (loop.start()) log.info({ smtp: transport ? "on" : "off (development outbox)", batchSize }, "outbox worker started");
    },
    async stop() {
      await loop.stop();
      transport?.close();
    },
  };
}

interface LoopOptions {
  claimBatch: () => Promise<ClaimedBatch>;
  /** Resolves when no result is waiting for the database. */
  settled: () => Promise<void>;
  batchSize: number;
  pollIntervalMs: number;
  log: WorkerLogger;
}

/** The running worker: claims batch after batch, pausing when nothing is due. */
function createLoop({ claimBatch, settled, batchSize, pollIntervalMs, log }: LoopOptions) {
  let running: Promise<void> | undefined;
  let stopping = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function run(): Promise<void> {
    // Flow control follows the SMTP exchanges, not the records: the next batch is claimed while
    // the last results of the previous one are still being written.
    const sending = new Set<Promise<unknown>>();
    const recording = new Set<Promise<unknown>>();
    const track = (set: Set<Promise<unknown>>, promise: Promise<unknown>) => {
      const tracked = promise.finally(() => set.delete(tracked));
      set.add(tracked);
    };
    while (!stopping) {
      try {
        // While results wait for the database (a blip), nothing more is claimed: they are few.
        await settled();
        const { claimed, sent, done } = await claimBatch();
        track(sending, sent);
        track(recording, done);
        if (sending.size >= PASSES_IN_FLIGHT) await Promise.race(sending);
        if (claimed < batchSize && !stopping) await pause(pollIntervalMs);
      } catch (error) {
        log.error({ err: error }, "outbox: pass failed; trying again");
        if (!stopping) await pause(pollIntervalMs * 5);
      }
    }
    await Promise.all(recording);
  }

  return {
    /** False when it was already running. */
    start(): boolean {
      if (running) return false;
      stopping = false;
      running = run();
      return true;
    },
    async stop(): Promise<void> {
      stopping = true;
      wake?.();
      await running;
      running = undefined;
    },
  };
}
