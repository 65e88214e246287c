/**
 * The deliveries' queue (issue 37; ADR 023): claimed by the senders with FOR UPDATE SKIP LOCKED,
 * an endpoint's deliveries about one subject one at a time and in order, a claim held as a lease
 * (a worker killed mid-delivery leaves a 'sending' row that another worker takes again after it),
 * and each attempt's outcome recorded with the endpoint's failing streak in one transaction.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "../../db/client";

export interface ClaimedDelivery {
  id: number;
  messageId: string;
  eventType: string;
  subjectId: string;
  data: Record<string, unknown>;
  occurredAt: Date;
  attempts: number;
  endpoint: {
    id: string;
    url: string;
    secret: string;
    previousSecret: string | null;
    previousSecretUntil: Date | null;
    permissions: string[];
    userId: string;
  };
}

/** Waits after the n-th failed attempt (then every 10 hours): well past a day of retries. */
const BACKOFF_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000];
export const backoffMs = (attempts: number): number => BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? 5_000;

/** Delivered rows are kept this long for the deliveries list, then deleted. */
export const DELIVERED_KEPT_MS = 30 * 24 * 3600_000;

/** An endpoint failing this long, with no success in between, is disabled and its admins told. */
export const DISABLE_AFTER_MS = 24 * 3600_000;

type Row = {
  id: string | number;
  message_id: string;
  event_type: string;
  subject_id: string;
  data: Record<string, unknown> | string;
  occurred_at: string | Date;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | Date | null;
  permissions: string[];
  user_id: string;
};

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

const toClaimed = (row: Row): ClaimedDelivery => ({
  id: Number(row.id),
  messageId: row.message_id,
  eventType: row.event_type,
  subjectId: row.subject_id,
  data: typeof row.data === "string" ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
  occurredAt: toDate(row.occurred_at),
  attempts: row.attempts,
  endpoint: {
    id: row.endpoint_id,
    url: row.url,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretUntil: row.previous_secret_until ? toDate(row.previous_secret_until) : null,
    permissions: row.permissions,
    userId: row.user_id,
  },
});

export function createDeliveriesRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` due deliveries of enabled endpoints: pending ones whose time has come,
     * and 'sending' ones whose lease ran out (their worker died). A delivery waits while an earlier
     * one of the same endpoint and subject is undelivered.
     */
    async claim(now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
      const expired = new Date(now.getTime() - leaseMs);
      const rows = rowsOf<Row>(
        await db.execute(sql`
          with due as (
            select d.id from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
            where ((d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz)
                or (d.status = 'sending' and d.claimed_at < ${expired.toISOString()}::timestamptz))
              and not exists (
                select 1 from webhook_deliveries p
                where p.endpoint_id = d.endpoint_id and p.subject_id = d.subject_id
                  and p.id < d.id and p.status <> 'delivered')
            order by d.id
            limit ${limit}
            for update of d skip locked
          )
          update webhook_deliveries d
          set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz, attempts = d.attempts + 1
          from due, webhook_endpoints e
          where d.id = due.id and e.id = d.endpoint_id
          returning d.id, d.message_id, d.event_type, d.subject_id, d.data, d.occurred_at, d.attempts,
            e.id as endpoint_id, e.url, e.secret, e.previous_secret, e.previous_secret_until, e.permissions, e.user_id`),
      );
      return rows.map(toClaimed);
    },

    /** Deletes delivered rows past DELIVERED_KEPT_MS, a batch at a time; how many went. */
    async prune(now: Date, batch = 1000): Promise<number> {
      const before = new Date(now.getTime() - DELIVERED_KEPT_MS).toISOString();
      const gone = rowsOf<{ id: string }>(
        await db.execute(sql`
          delete from webhook_deliveries where id in (
            select id from webhook_deliveries
            where status = 'delivered' and delivered_at < ${before}::timestamptz
            limit ${batch})
          returning id`),
      );
      return gone.length;
    },

    async delivered(tx: DbOrTx, id: number, endpointId: string, at: Date, status: number, durationMs: number) {
      await tx.execute(sql`
        update webhook_deliveries
        set status = 'delivered', delivered_at = ${at.toISOString()}::timestamptz, last_attempt_at = ${at.toISOString()}::timestamptz,
          response_status = ${status}, duration_ms = ${durationMs}, last_error = null, claimed_at = null
        where id = ${id} and status = 'sending'`);
      await tx.execute(
        sql`update webhook_endpoints set failing_since = null where id = ${endpointId} and failing_since is not null`,
      );
    },

    /**
     * A failed attempt: tried again after its back-off. Answers whether this failure disabled the
     * endpoint (failing for a day): then, and only then, the caller tells the admins.
     */
    async failed(
      tx: DbOrTx,
      delivery: { id: number; attempts: number; endpointId: string },
      at: Date,
      outcome: { status: number | null; durationMs: number; error: string },
    ): Promise<boolean> {
      const next = new Date(at.getTime() + backoffMs(delivery.attempts));
      await tx.execute(sql`
        update webhook_deliveries
        set status = 'pending', next_attempt_at = ${next.toISOString()}::timestamptz, last_attempt_at = ${at.toISOString()}::timestamptz,
          response_status = ${outcome.status}, duration_ms = ${outcome.durationMs}, last_error = ${outcome.error}, claimed_at = null
        where id = ${delivery.id} and status = 'sending'`);
      // The endpoint's row locked, so two failures at once decide one after the other: one disables it.
      const [endpoint] = rowsOf<{ enabled: boolean; failing_since: string | Date | null }>(
        await tx.execute(sql`select enabled, failing_since from webhook_endpoints where id = ${delivery.endpointId} for update`),
      );
      if (!endpoint) return false;
      const failingSince = endpoint.failing_since ? toDate(endpoint.failing_since) : at;
      const disable = endpoint.enabled && at.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
      await tx.execute(sql`
        update webhook_endpoints
        set failing_since = ${failingSince.toISOString()}::timestamptz,
          enabled = ${endpoint.enabled && !disable},
          disabled_reason = case when ${disable} then 'failing' else disabled_reason end
        where id = ${delivery.endpointId}`);
      return disable;
    },
  };
}

export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
