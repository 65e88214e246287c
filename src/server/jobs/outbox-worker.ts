/**
 * The outbox worker: claims due messages (FOR UPDATE SKIP LOCKED, committed before any SMTP
 * traffic), sends them over the pooled transport, and records each outcome with the server's reply.
 * Runs inside the server process, or alone (`npm run worker`); any number of workers may share one
 * PostgreSQL database. Without SMTP_URL it keeps mail in the database and logs its links.
 * Why it is built this way: docs/decisions/004-mail-outbox.md.
 */
import { linksIn } from "@common/links";
import type { Config } from "../config";
import type { DbOrTx } from "../db/client";
import { createOutboxRepository, type ClaimedMessage, type OutboxRepository } from "../mail/outbox.repository";
import { classifySendError, createSmtpTransport, type MailTransport } from "../mail/transport";

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
  /** Defaults to the SMTP transport of config.smtpUrl; null (or no SMTP_URL) is the development outbox. */
  transport?: MailTransport | null;
  clock?: () => Date;
  /** Wait between polls when nothing is due. */
  pollIntervalMs?: number;
  /** Messages claimed at once (defaults to what the rate limit sends in about five seconds, at most 50). */
  batchSize?: number;
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

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Wait before the attempt after `attempts` failed ones: 30 s, 1 min, 2 min… at most an hour. */
export function backoffDelayMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** Batches of messages being sent at once by the running worker: the next batch is claimed while one finishes. */
const PASSES_IN_FLIGHT = 2;

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { config, log } = options;
  const clock = options.clock ?? (() => new Date());
  const repository = createOutboxRepository(options.db);
  const transport =
    options.transport !== undefined
      ? options.transport
      : config.smtpUrl
        ? createSmtpTransport({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, ratePerSecond: config.mailRatePerSecond })
        : null;
  // Queued in the pool, a claimed message waits for the rate limit: keep that wait (a few
  // seconds) far below the lease, so no live worker's message is ever taken for a dead one's.
  const batchSize = options.batchSize ?? Math.min(200, Math.max(1, Math.floor(config.mailRatePerSecond * 5)));
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = config.mailSendLeaseSeconds * 1000;
  const recordSent = groupCommit(repository, clock);
  let lastLeaseCheck: number | undefined;

  // The claims this worker is still working on, renewed every third of the lease: a batch that
  // takes long (a slow server, a busy machine) is never mistaken for a dead worker's.
  const claims = new Set<number>();
  let heartbeat: NodeJS.Timeout | undefined;
  function hold(rows: ClaimedMessage[]): void {
    for (const row of rows) claims.add(row.id);
    if (heartbeat || claims.size === 0) return;
    heartbeat = setInterval(() => {
      repository.renewClaims([...claims], clock()).catch((error: unknown) => {
        log.error({ err: error }, "outbox: could not renew the claims in flight");
      });
    }, leaseMs / 3);
    heartbeat.unref();
  }
  function release(row: ClaimedMessage): void {
    claims.delete(row.id);
    if (claims.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  async function requeueExpiredLeases(now: Date): Promise<void> {
    // Often enough to re-send a dead worker's messages soon after their lease ends, rarely
    // enough that the scan (rows in 'sending' have no index of their own) costs nothing.
    if (lastLeaseCheck !== undefined && now.getTime() - lastLeaseCheck < leaseMs / 4) return;
    lastLeaseCheck = now.getTime();
    const { requeued, failed } = await repository.requeueExpired(now, leaseMs, config.mailMaxAttempts);
    if (requeued || failed) log.warn({ requeued, failed }, "outbox: re-queued messages a stopped worker left mid-send");
  }

  /** Sends one message and records the outcome; `onSent` runs when the SMTP exchange is over. */
  async function deliver(sender: MailTransport, row: ClaimedMessage, result: DrainResult, onSent: () => void): Promise<void> {
    let response: string;
    try {
      ({ response } = await sender
        .send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody, messageId: row.messageId })
        .finally(onSent));
    } catch (error) {
      const failure = classifySendError(error);
      const context = { outboxId: row.id, kind: row.kind, attempts: row.attempts, error: failure.message };
      if (failure.permanent || row.attempts >= config.mailMaxAttempts) {
        await repository.recordFailed(row, failure.message, clock());
        result.failed++;
        log.warn(context, failure.permanent ? "outbox: message refused for good" : "outbox: message failed, attempts used up");
      } else {
        const next = new Date(clock().getTime() + backoffDelayMs(row.attempts));
        await repository.recordRetry(row, failure.message, next);
        result.retried++;
        log.warn({ ...context, nextAttemptAt: next.toISOString() }, "outbox: sending failed, will retry");
      }
      return;
    }
    const recorded = await recordSent(row, response);
    result.sent++;
    if (recorded) log.debug({ outboxId: row.id, kind: row.kind, smtpResponse: response }, "outbox: message sent");
    else log.warn({ outboxId: row.id }, "outbox: message sent, but another worker had already recorded it");
  }

  function keepUndelivered(rows: ClaimedMessage[]): void {
    for (const row of rows) {
      const links = linksIn(row.textBody);
      log.info(
        { outboxId: row.id, kind: row.kind, to: row.toAddress, links },
        `mail not sent (no SMTP_URL), kept in the Mailbox: ${row.kind} to ${row.toAddress}${links.length ? `; links: ${links.join(" ")}` : ""}`,
      );
    }
  }

  /**
   * Claims a batch; returns it with two promises: `sent` when its SMTP exchanges are over (the
   * transport has room for more), `done` when every outcome is recorded.
   */
  async function claimBatch(): Promise<{ claimed: number; sent: Promise<unknown>; done: Promise<DrainResult> }> {
    const result: DrainResult = { claimed: 0, sent: 0, retried: 0, failed: 0, undelivered: 0 };
    const now = clock();
    await requeueExpiredLeases(now);
    if (!transport) {
      const rows = await repository.markDueUndelivered(now, batchSize);
      keepUndelivered(rows);
      result.claimed = result.undelivered = rows.length;
      const done = Promise.resolve(result);
      return { claimed: rows.length, sent: done, done };
    }
    const rows = await repository.claimDue(now, batchSize);
    result.claimed = rows.length;
    hold(rows);
    const exchanges: Array<Promise<void>> = [];
    const sends = rows.map((row) => {
      let onSent = () => {};
      exchanges.push(new Promise<void>((resolve) => (onSent = resolve)));
      return deliver(transport, row, result, onSent).finally(() => release(row));
    });
    const done = Promise.allSettled(sends).then((outcomes) => {
      // A result that could not be recorded leaves its row 'sending' until the lease ends.
      for (const outcome of outcomes) {
        if (outcome.status === "rejected") log.error({ err: outcome.reason }, "outbox: could not record a result");
      }
      return result;
    });
    return { claimed: rows.length, sent: Promise.all(exchanges), done };
  }

  async function drainOnce(): Promise<DrainResult> {
    return (await claimBatch()).done;
  }

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

  async function loop(): Promise<void> {
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
    drainOnce,
    start() {
      if (running) return;
      stopping = false;
      log.info({ smtp: transport ? "on" : "off (development outbox)", batchSize }, "outbox worker started");
      running = loop();
    },
    async stop() {
      stopping = true;
      wake?.();
      await running;
      running = undefined;
      transport?.close();
    },
  };
}

/**
 * Records accepted messages many per statement: a write starts at most GROUP_COMMIT_MS after the
 * first result waiting for it (at once when GROUP_COMMIT_SIZE are waiting), and those that arrive
 * during a write go in the next one. The window between the server's 250 and its record stays a
 * few tens of milliseconds at most, and a busy worker writes one statement per group instead of
 * one per message.
 */
const GROUP_COMMIT_MS = 25;
const GROUP_COMMIT_SIZE = 200;

function groupCommit(repository: OutboxRepository, clock: () => Date) {
  type Waiting = { row: ClaimedMessage; smtpResponse: string; resolve: (recorded: boolean) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;
  let timer: NodeJS.Timeout | undefined;
  async function write(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    writing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const recorded = await repository.recordSent(batch, clock());
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
      if (queue.length >= GROUP_COMMIT_SIZE) void write();
      else timer ??= setTimeout(() => void write(), GROUP_COMMIT_MS);
    });
}
