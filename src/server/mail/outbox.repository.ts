/**
 * The outbox's state changes. Every change of a row is guarded by the state it expects, so that a
 * late answer from a worker that lost its lease cannot overwrite what another worker recorded.
 *
 * Statements that change many rows never wait on each other in a cycle: claiming, renewing and
 * re-queueing skip rows another statement holds, and recording (the only one that waits) locks
 * its rows in id order. Without that, a worker renewing its claims while it records the same rows
 * on another connection deadlocks, and PostgreSQL aborts one of the two.
 */
import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { outboxMessages, type OutboxMessageRow } from "../db/schema";
import { recordCampaignDeliveries, type DeliveryOutcome } from "./campaign-progress";

export type ClaimedMessage = OutboxMessageRow;

/** Reason kept on campaign recipients whose message stayed in the development outbox. */
export const UNDELIVERED_REASON = "No enviado: no hay servidor SMTP configurado (SMTP_URL). El mensaje está en el Mailbox.";

export function createOutboxRepository(db: DbOrTx) {
  const dueIds = (tx: DbOrTx, now: Date, limit: number) =>
    tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, "pending"), lte(outboxMessages.nextAttemptAt, now)))
      .orderBy(outboxMessages.id)
      .limit(limit)
      .for("update", { skipLocked: true });

  return {
    /**
     * Claims up to `limit` due messages in one committed statement, before any SMTP traffic: the
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
    async markDueUndelivered(now: Date, limit: number): Promise<ClaimedMessage[]> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(outboxMessages)
          .set({ status: "undelivered", claimedAt: now })
          .where(inArray(outboxMessages.id, dueIds(tx, now, limit)))
          .returning();
        const deliveries = [];
        for (const row of rows) {
          if (row.campaignRecipientId) {
            deliveries.push({ recipientId: row.campaignRecipientId, outcome: failed(UNDELIVERED_REASON) });
          }
        }
        await recordCampaignDeliveries(tx, deliveries, now);
        return rows.sort((a, b) => a.id - b.id);
      });
    },

    /**
     * The server accepted these messages: one statement for all of them (and their campaign
     * recipients, in the same transaction). Acceptance is the truth whoever reports it, so only
     * rows already recorded sent are skipped. Returns the ids it recorded.
     */
    async recordSent(items: Array<{ row: ClaimedMessage; smtpResponse: string }>, now: Date): Promise<Set<number>> {
      if (items.length === 0) return new Set();
      // Two array parameters whatever the group's size: one short statement to parse and plan.
      const ids = items.map(({ row }) => row.id);
      const responses = items.map(({ smtpResponse }) => smtpResponse);
      // The rows are locked in id order before they change (see the top of this file).
      const update = async (tx: DbOrTx) => {
        const result = await tx.execute<{ id: number | string; campaign_recipient_id: string | null }>(sql`
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
          returning o.id, o.campaign_recipient_id`);
        return (result as unknown as { rows: Array<{ id: number | string; campaign_recipient_id: string | null }> }).rows;
      };
      const withCampaign = items.some(({ row }) => row.campaignRecipientId);
      const updated = withCampaign
        ? await db.transaction(async (tx) => {
            const rows = await update(tx);
            const deliveries = rows.flatMap((r) =>
              r.campaign_recipient_id ? [{ recipientId: r.campaign_recipient_id, outcome: { status: "sent" } as const }] : [],
            );
            await recordCampaignDeliveries(tx, deliveries, now);
            return rows;
          })
        : await update(db);
      return new Set(updated.map((r) => Number(r.id)));
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
    async recordFailed(row: ClaimedMessage, error: string, now: Date): Promise<boolean> {
      const update = (tx: DbOrTx) =>
        tx
          .update(outboxMessages)
          .set({ status: "failed", lastError: error })
          .where(ownClaim(row))
          .returning({ id: outboxMessages.id });
      if (!row.campaignRecipientId) return (await update(db)).length > 0;
      const recipientId = row.campaignRecipientId;
      return db.transaction(async (tx) => {
        const updated = await update(tx);
        if (updated.length > 0) await recordCampaignDeliveries(tx, [{ recipientId, outcome: failed(error) }], now);
        return updated.length > 0;
      });
    },

    /**
     * Messages left "sending" longer than the lease belong to a worker that died mid-send: they
     * are the only ones sent again (same Message-ID), unless their attempts are used up.
     */
    async requeueExpired(now: Date, leaseMs: number, maxAttempts: number): Promise<{ requeued: number; failed: number }> {
      const cutoff = new Date(now.getTime() - leaseMs);
      const error = "Interrupted while sending (the worker stopped before the server's reply was recorded)";
      return db.transaction(async (tx) => {
        // A row another statement holds is being recorded or renewed: its worker is alive.
        const expired = tx
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(and(eq(outboxMessages.status, "sending"), lt(outboxMessages.claimedAt, cutoff)))
          .for("update", { skipLocked: true });
        const rows = await tx
          .update(outboxMessages)
          .set({
            status: sql`case when ${outboxMessages.attempts} >= ${maxAttempts} then 'failed' else 'pending' end`,
            nextAttemptAt: now,
            lastError: error,
          })
          .where(inArray(outboxMessages.id, expired))
          .returning({ id: outboxMessages.id, status: outboxMessages.status, recipientId: outboxMessages.campaignRecipientId });
        const gaveUp = rows.filter((row) => row.status === "failed");
        await recordCampaignDeliveries(
          tx,
          gaveUp.flatMap((row) => (row.recipientId ? [{ recipientId: row.recipientId, outcome: failed(error) }] : [])),
          now,
        );
        return { requeued: rows.length - gaveUp.length, failed: gaveUp.length };
      });
    },
  };
}

const failed = (error: string): DeliveryOutcome => ({ status: "failed", error });

/** Still this worker's claim: nobody re-queued or re-claimed the row meanwhile. */
function ownClaim(row: ClaimedMessage) {
  return and(
    eq(outboxMessages.id, row.id),
    eq(outboxMessages.status, "sending"),
    eq(outboxMessages.attempts, row.attempts),
  );
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
