/**
 * The outbox worker: claims due messages (FOR UPDATE SKIP LOCKED, committed before any SMTP
 * traffic), sends them over the pooled transport, and records each outcome with the server's reply.
 * Runs inside the server process, or alone (`npm run worker`); any number of workers may share one
 * PostgreSQL database. Without SMTP_URL it keeps mail in the database and logs its links.
 * Why it is built this way: docs/decisions/004-mail-outbox.md.
 */
import type { Config } from "../config";
import type { DbOrTx } from "../db/client";
import { createOutboxRepository, type ClaimedMessage } from "../mail/outbox.repository";
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

export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

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
  const batchSize = options.batchSize ?? Math.min(50, Math.max(1, Math.floor(config.mailRatePerSecond * 5)));
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = config.mailSendLeaseSeconds * 1000;
  let lastLeaseCheck: number | undefined;

  async function requeueExpiredLeases(now: Date): Promise<void> {
    // Often enough to re-send a dead worker's messages soon after their lease ends, rarely
    // enough that the scan (rows in 'sending' have no index of their own) costs nothing.
    if (lastLeaseCheck !== undefined && now.getTime() - lastLeaseCheck < leaseMs / 4) return;
    lastLeaseCheck = now.getTime();
    const { requeued, failed } = await repository.requeueExpired(now, leaseMs, config.mailMaxAttempts);
    if (requeued || failed) log.warn({ requeued, failed }, "outbox: re-queued messages a stopped worker left mid-send");
  }

  async function deliver(row: ClaimedMessage, result: DrainResult): Promise<void> {
    if (!transport) return;
    let response: string;
    try {
      ({ response } = await transport.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId: row.messageId,
      }));
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
    const recorded = await repository.recordSent(row, response, clock());
    result.sent++;
    if (recorded) log.debug({ outboxId: row.id, kind: row.kind, smtpResponse: response }, "outbox: message sent");
    else log.warn({ outboxId: row.id }, "outbox: message sent, but another worker had already recorded it");
  }

  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { claimed: 0, sent: 0, retried: 0, failed: 0, undelivered: 0 };
    const now = clock();
    await requeueExpiredLeases(now);
    if (!transport) {
      const rows = await repository.markDueUndelivered(now, batchSize);
      result.claimed = result.undelivered = rows.length;
      for (const row of rows) {
        const links = linksIn(row.textBody);
        log.info(
          { outboxId: row.id, kind: row.kind, to: row.toAddress, links },
          `mail not sent (no SMTP_URL), kept in the Mailbox: ${row.kind} to ${row.toAddress}${links.length ? `; links: ${links.join(" ")}` : ""}`,
        );
      }
      return result;
    }
    const rows = await repository.claimDue(now, batchSize);
    result.claimed = rows.length;
    // One failed recording must not abandon the others; the row stays 'sending' until its lease ends.
    const outcomes = await Promise.allSettled(rows.map((row) => deliver(row, result)));
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") log.error({ err: outcome.reason }, "outbox: could not record a result");
    }
    return result;
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
    while (!stopping) {
      try {
        const { claimed } = await drainOnce();
        if (claimed < batchSize && !stopping) await pause(pollIntervalMs);
      } catch (error) {
        log.error({ err: error }, "outbox: pass failed; trying again");
        if (!stopping) await pause(pollIntervalMs * 5);
      }
    }
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
