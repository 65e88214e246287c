/**
 * Shared limits: counters kept in the database's rate_limits table (the one better-auth's own
 * per-IP limits use), so that every app process on one PostgreSQL counts the same requests and
 * messages. One statement per hit: an atomic upsert that starts a new window when the row's one
 * is over, adds, and returns the new count. With PGlite (one process) it behaves as a local counter.
 * Its users: the public registration per-IP limit (a @fastify/rate-limit store), the sign-in
 * failure locks (sign-in.limiter.ts) and the outbox's mail send rate per transport (mail/send-rate.ts).
 * better-auth prunes rows idle longer than its longest window (15 minutes).
 */
import { randomUUID } from "node:crypto";
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from "@fastify/rate-limit";
import { LRUCache } from "lru-cache";
import { runStatement, type Db } from "../db/client";

export interface Hit {
  /** The key's count in the current window, this hit included. */
  count: number;
  /** When the current window ends, in epoch milliseconds. */
  resetAt: number;
}

export interface SharedCounter {
  /**
   * Adds `amount` to `key`'s count. `fixed` windows start at the first hit after the last window
   * ended; `sliding` ones restart at every hit (a lock that lasts as long after the last failure).
   */
  hit(key: string, windowMs: number, options?: { amount?: number; sliding?: boolean }): Promise<Hit>;
}

// `count` and `last_request` (the window's start, or with `sliding` the last hit) in one upsert.
const HIT = `insert into rate_limits (id, key, count, last_request) values ($1, $2, $3, $4)
on conflict (key) do update set
  count = case when rate_limits.last_request <= $4 - $5 then $3 else rate_limits.count + $3 end,
  last_request = case when $6 or rate_limits.last_request <= $4 - $5 then $4 else rate_limits.last_request end
returning count, last_request`;

export function createSharedCounter(db: Db, now: () => number = Date.now): SharedCounter {
  return {
    async hit(key, windowMs, options = {}) {
      const at = now();
      const amount = options.amount ?? 1;
      const [row] = await runStatement<{ count: number; last_request: string | number }>(db, HIT, [
        randomUUID(),
        key,
        amount,
        at,
        Math.round(windowMs),
        options.sliding ?? false,
      ]);
      if (!row) throw new Error("shared counter: the upsert returned no row");
      return { count: Number(row.count), resetAt: Number(row.last_request) + windowMs };
    },
  };
}

/**
 * Permits a process reserves ahead for one key, so that a rush from one address (a venue's Wi-Fi,
 * a school behind one NAT, the registration bench) does not queue every request on the lock of one
 * rate_limits row: measured with the public registration bench, the per-request upsert took the app
 * from 1,392 to 969 registrations/s. The first hit of a window reserves one permit, so a lone
 * visitor's count is exact; each time a batch runs out within its window the next one is twice as
 * large, up to a tenth of the limit. Unused permits count against the address until the window ends:
 * several processes together may refuse an address a few hits early, never let one through late.
 */
class PermitBatches {
  private readonly keys = new LRUCache<string, Batch>({ max: 10_000 });

  constructor(private readonly counter: SharedCounter) {}

  async take(key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }> {
    for (;;) {
      const now = Date.now();
      let batch = this.keys.get(key);
      if (batch && !batch.pending && batch.resetAt <= now) batch = undefined; // the window is over
      if (batch && batch.next <= batch.last && batch.resetAt > now) return { current: batch.next++, ttl: batch.resetAt - now };
      if (batch?.pending) {
        await batch.pending;
        continue;
      }
      const entry: Batch = batch ?? { next: 1, last: 0, resetAt: 0, size: 0 };
      const size = Math.max(1, Math.min(entry.size * 2, Math.floor(max / 10)));
      entry.pending = this.counter
        .hit(key, windowMs, { amount: size })
        .then(({ count, resetAt }) => Object.assign(entry, { next: count - size + 1, last: count, resetAt, size }))
        .finally(() => (entry.pending = undefined));
      this.keys.set(key, entry);
      await entry.pending;
    }
  }
}

interface Batch {
  /** The count the next local hit takes, and the last one reserved. */
  next: number;
  last: number;
  resetAt: number;
  size: number;
  pending?: Promise<unknown> | undefined;
}

/**
 * A @fastify/rate-limit store over the shared counter. Each route that configures a limit gets its
 * own namespace (method and URL), so limits of different routes never share a count.
 */
export function sharedRateLimitStore(counter: SharedCounter): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  const batches = new PermitBatches(counter);
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly namespace = "http",
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      batches.take(`ip-limit:${this.namespace}:${key}`, timeWindow, max).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: {
      method?: unknown;
      url?: unknown;
      routeInfo?: { method?: unknown; url?: unknown };
    }): FastifyRateLimitStore {
      const route = routeOptions.routeInfo ?? routeOptions;
      const method = Array.isArray(route.method) ? route.method.join(",") : String(route.method ?? "");
      return new SharedStore({}, `${method} ${String(route.url ?? "")}`);
    }
  }
  return SharedStore as unknown as new (options: FastifyRateLimitOptions) => FastifyRateLimitStore;
}
