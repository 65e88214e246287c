/**
 * One pass of the outbox worker: re-queue the claims of dead workers, claim a batch of due
 * messages, send each over the transport, and record each outcome with the server's reply.
 * Without a transport (no SMTP_URL) due messages are kept undelivered and their links logged.
 */
import { linksIn } from "@common/links";
import type { ClaimedMessage, OutboxRepository } from "../mail/outbox.repository";
import type { SendRate } from "../mail/send-rate";
import { classifySendError, type MailTransport } from "../mail/transport";
import type { ClaimHolder } from "./outbox-claims";
import type { ResultRecorder } from "./outbox-results";
import type { DrainResult, WorkerLogger } from "./outbox-worker";

export interface BatchOptions {
  repository: OutboxRepository;
  transport: MailTransport | null;
  /** The send rate shared with every worker of this transport; none: only the transport's own. */
  sendRate?: SendRate | undefined;
  claims: ClaimHolder;
  results: ResultRecorder;
  log: WorkerLogger;
  clock: () => Date;
  batchSize: number;
  leaseMs: number;
  maxAttempts: number;
}

/** A claimed batch: `sent` when its SMTP exchanges are over (the transport has room), `done` when every outcome is recorded. */
export interface ClaimedBatch {
  claimed: number;
  sent: Promise<unknown>;
  done: Promise<DrainResult>;
}

export function createBatchSender({
  repository,
  transport,
  sendRate,
  claims,
  results,
  log,
  clock,
  batchSize,
  leaseMs,
  maxAttempts,
}: BatchOptions) {
  let lastLeaseCheck: number | undefined;

  async function requeueExpiredLeases(now: Date): Promise<void> {
    // Often enough to re-send a dead worker's messages soon after their lease ends, rarely
    // enough that the scan (rows in 'sending' have no index of their own) costs nothing.
    if (lastLeaseCheck !== undefined && now.getTime() - lastLeaseCheck < leaseMs / 4) return;
    lastLeaseCheck = now.getTime();
    const { requeued, failed } = await repository.requeueExpired(now, leaseMs, maxAttempts, claims.ids());
    if (requeued || failed) log.warn({ requeued, failed }, "outbox: re-queued messages a stopped worker left mid-send");
  }

  /** Sends one message and records the outcome; `onSent` runs when the SMTP exchange is over. */
  async function deliver(sender: MailTransport, row: ClaimedMessage, result: DrainResult, onSent: () => void): Promise<void> {
    let response: string;
    try {
      const message = {
        to: row.toAddress,
        cc: row.ccAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId: row.messageId,
        attachments: row.attachments,
        icalEvent: row.icalEvent,
        fromName: row.fromName,
      };
      await sendRate?.acquire();
      ({ response } = await sender.send(message).finally(onSent));
    } catch (error) {
      result[await results.recordFailure(row, classifySendError(error))]++;
      return;
    }
    const recorded = await results.recordSent(row, response);
    result.sent++;
    if (recorded) log.debug({ outboxId: row.id, kind: row.kind, smtpResponse: response }, "outbox: message sent");
    else log.warn({ outboxId: row.id }, "outbox: message sent, but another worker had already recorded it");
  }

  async function keepUndelivered(now: Date, result: DrainResult): Promise<ClaimedBatch> {
    const rows = await repository.markDueUndelivered(now, batchSize);
    for (const row of rows) {
      const links = linksIn(row.textBody);
      log.info(
        { outboxId: row.id, kind: row.kind, to: row.toAddress, links },
        `mail not sent (no SMTP_URL), kept in the Mailbox: ${row.kind} to ${row.toAddress}${links.length ? `; links: ${links.join(" ")}` : ""}`,
      );
    }
    result.claimed = result.undelivered = rows.length;
    const done = Promise.resolve(result);
    return { claimed: rows.length, sent: done, done };
  }

  return async function claimBatch(): Promise<ClaimedBatch> {
    const result: DrainResult = { claimed: 0, sent: 0, retried: 0, failed: 0, undelivered: 0 };
    const now = clock();
    await requeueExpiredLeases(now);
    if (!transport) return keepUndelivered(now, result);
    const rows = await repository.claimDue(now, batchSize);
    result.claimed = rows.length;
    claims.hold(rows);
    const exchanges: Array<Promise<void>> = [];
    const sends = rows.map((row) => {
      let onSent = () => {};
      exchanges.push(new Promise<void>((resolve) => (onSent = resolve)));
      return deliver(transport, row, result, onSent).finally(() => claims.release(row));
    });
    const done = Promise.allSettled(sends).then((outcomes) => {
      // A result that could not be recorded (the database stayed away past the retry limit)
      // leaves its row 'sending' until the lease ends.
      for (const outcome of outcomes) {
        if (outcome.status === "rejected") log.error({ err: outcome.reason }, "outbox: could not record a result");
      }
      return result;
    });
    return { claimed: rows.length, sent: Promise.all(exchanges), done };
  };
}
