/**
 * The outbox's state changes. Every change of a row is guarded by the state it expects, so that a
 * late answer from a worker that lost its lease cannot overwrite what another worker recorded.
 *
 * Statements that change many rows never wait on each other in a cycle: claiming, renewing and
 * re-queueing skip rows another statement holds, and recording (the only one that waits) locks
 * its rows in id order. Without that, a worker renewing its claims while it records the same rows
 * on another connection deadlocks, and PostgreSQL aborts one of the two.
 *
 * What became of a message (sent, failed for good, kept undelivered) is told to `onDelivered` in
 * the transaction that records it: a module that follows its messages (campaigns) updates its own
 * rows there, and the mail layer knows nothing of it.
 */
import { and, eq, inArray, lt, lte, notInArray, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../db/client";
import { outboxMessages, type OutboxMessageRow } from "../db/schema";

export type ClaimedMessage = OutboxMessageRow;

export type DeliveryOutcome = { status: "sent" } | { status: "failed"; error: string } | { status: "undelivered" };

export interface Delivery {
  message: Pick<OutboxMessageRow, "id" | "kind" | "campaignRecipientId">;
  outcome: DeliveryOutcome;
}

/** Runs inside the transaction that records the outcomes; a failure rolls the record back. */
export type OnDelivered = (deliveries: Delivery[], tx: DbOrTx, now: Date) => Promise<void>;

export const INTERRUPTED_ERROR = "Interrupted while sending (the worker stopped before the server's reply was recorded)";

/** Runs a record's `change`, and tells `onDelivered` what it returns, in one transaction. */
function recorder(db: DbOrTx, onDelivered: OnDelivered | undefined) {
  return async function recording<T>(
    now: Date,
    change: (tx: DbOrTx) => Promise<{ result: T; deliveries: Delivery[] }>,
  ): Promise<T> {
    if (!onDelivered) return (await change(db)).result;
    return db.transaction(async (tx) => {
      const { result, deliveries } = await change(tx);
      if (deliveries.length > 0) await onDelivered(deliveries, tx, now);
      return result;
    });
  };
}

export function createOutboxRepository(db: DbOrTx, onDelivered?: OnDelivered) {
  const recording = recorder(db, onDelivered);

  return {
    /**
     * Claims up to `limit` due messages in one statement, committed before any SMTP traffic: the
     * attempt is on record even if the process dies during the send.
     */
    async claimDue(now: Date, limit: number): Promise<ClaimedMessage[]> {
      const rows = await db
        .update(outboxMessages)
        .set({ status: "sending", attempts: sql`${outboxMessages.attempts} + 1`, claimedAt: now })
        .where(inArray(outboxMessages.id, dueIds(db, now, limit)))
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    },

    /** A live worker renews the claims it still works on, so that only a dead worker's claims expire. */
    async renewClaims(ids: number[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      // A row another statement holds is being recorded (or re-queued): it needs no renewal.
      const stillSending = db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(inArray(outboxMessages.id, ids), eq(outboxMessages.status, "sending")))
        .for("update", { skipLocked: true });
      await db.update(outboxMessages).set({ claimedAt: now }).where(inArray(outboxMessages.id, stillSending));
    },

    /** Development (no SMTP_URL): due messages are kept, marked undelivered, and returned for the log. */
    markDueUndelivered(now: Date, limit: number): Promise<ClaimedMessage[]> {
      return recording(now, async (tx) => {
        const rows = await tx
          .update(outboxMessages)
          .set({ status: "undelivered", claimedAt: now })
          .where(inArray(outboxMessages.id, dueIds(tx, now, limit)))
          .returning();
        const deliveries = rows.map((message) => ({ message, outcome: { status: "undelivered" } as const }));
        return { result: rows.sort((a, b) => a.id - b.id), deliveries };
      });
    },

    /**
     * The server accepted these messages: one statement for all of them. Acceptance is the truth
     * whoever reports it, so only rows already recorded sent are skipped. Returns the ids it recorded.
     */
    recordSent(items: Array<{ row: ClaimedMessage; smtpResponse: string }>, now: Date): Promise<Set<number>> {
      if (items.length === 0) return Promise.resolve(new Set());
      return recording(now, async (tx) => {
        const rows = await markSent(tx, items, now);
        const deliveries = rows.map((message) => ({ message, outcome: { status: "sent" } as const }));
        return { result: new Set(rows.map((row) => row.id)), deliveries };
      });
    },

    /** A transient failure: back to pending, due again at `nextAttemptAt`. */
    async recordRetry(row: ClaimedMessage, error: string, nextAttemptAt: Date): Promise<boolean> {
      const updated = await db
        .update(outboxMessages)
        .set({ status: "pending", nextAttemptAt, lastError: error })
        .where(ownClaim(row))
        .returning({ id: outboxMessages.id });
      return updated.length > 0;
    },

    /** A permanent failure, or the last attempt: kept with the server's reply for the UI. */
    recordFailed(row: ClaimedMessage, error: string, now: Date): Promise<boolean> {
      return recording(now, async (tx) => {
        const updated = await tx
          .update(outboxMessages)
          .set({ status: "failed", lastError: error })
          .where(ownClaim(row))
          .returning({ id: outboxMessages.id });
        const deliveries = updated.length > 0 ? [{ message: row, outcome: { status: "failed", error } as const }] : [];
        return { result: updated.length > 0, deliveries };
      });
    },

    /**
     * Messages left "sending" longer than the lease belong to a worker that died mid-send: they
     * are the only ones sent again (same Message-ID), unless their attempts are used up. `ownIds`
     * are the calling worker's own claims, alive whatever their age (it may be waiting for the
     * database to record them).
     */
    requeueExpired(
      now: Date,
      leaseMs: number,
      maxAttempts: number,
      ownIds: number[] = [],
    ): Promise<{ requeued: number; failed: number }> {
      return recording(now, async (tx) => {
        const rows = await requeue(tx, new Date(now.getTime() - leaseMs), now, maxAttempts, ownIds);
        const gaveUp = rows.filter((row) => row.status === "failed");
        const deliveries = gaveUp.map((message) => ({
          message,
          outcome: { status: "failed", error: INTERRUPTED_ERROR } as const,
        }));
        return { result: { requeued: rows.length - gaveUp.length, failed: gaveUp.length }, deliveries };
      });
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

function dueIds(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, "pending"), lte(outboxMessages.nextAttemptAt, now)))
    .orderBy(outboxMessages.id)
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** Marks the accepted rows sent, locking them in id order first (see the top of this file). */
async function markSent(tx: DbOrTx, items: Array<{ row: ClaimedMessage; smtpResponse: string }>, now: Date) {
  // Two array parameters whatever the group's size: one short statement to parse and plan.
  const ids = items.map(({ row }) => row.id);
  const responses = items.map(({ smtpResponse }) => smtpResponse);
  const result = await tx.execute(sql`
    with locked as (
      select id from ${outboxMessages}
      where id = any(${sql.param(ids)}::bigint[]) and status in ('sending', 'pending')
      order by id
      for update
    )
    update ${outboxMessages} as o
    set status = 'sent', sent_at = ${now.toISOString()}::timestamptz, smtp_response = v.smtp_response, last_error = null
    from unnest(${sql.param(ids)}::bigint[], ${sql.param(responses)}::text[]) as v(id, smtp_response), locked
    where o.id = v.id and o.id = locked.id
    returning o.id, o.kind, o.campaign_recipient_id`);
  return rowsOf<{ id: number | string; kind: string; campaign_recipient_id: string | null }>(result).map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    campaignRecipientId: row.campaign_recipient_id,
  }));
}

/** Expired claims back to pending, or failed when their attempts are used up. */
function requeue(tx: DbOrTx, cutoff: Date, now: Date, maxAttempts: number, ownIds: number[]) {
  // A row another statement holds is being recorded or renewed: its worker is alive.
  const expired = tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "sending"),
        lt(outboxMessages.claimedAt, cutoff),
        ownIds.length > 0 ? notInArray(outboxMessages.id, ownIds) : undefined,
      ),
    )
    .for("update", { skipLocked: true });
  return tx
    .update(outboxMessages)
    .set({
      status: sql`case when ${outboxMessages.attempts} >= ${maxAttempts} then 'failed' else 'pending' end`,
      nextAttemptAt: now,
      lastError: INTERRUPTED_ERROR,
    })
    .where(inArray(outboxMessages.id, expired))
    .returning({
      id: outboxMessages.id,
      kind: outboxMessages.kind,
      status: outboxMessages.status,
      campaignRecipientId: outboxMessages.campaignRecipientId,
    });
}

/** Still this worker's claim: nobody re-queued or re-claimed the row meanwhile. */
function ownClaim(row: ClaimedMessage) {
  return and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, "sending"), eq(outboxMessages.attempts, row.attempts));
}
