/**
 * Per-account sign-in limit (better-auth's own limiter is per IP and path). Failed attempts are
 * counted per e-mail address, known or not (so the limit reveals nothing), in the shared
 * rate_limits table so that every app process sees the same count.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_LOCK_SECONDS = 15 * 60;

const keyFor = (email: string) => `sign-in-failures:${email.trim().toLowerCase()}`;

export function createSignInLimiter(db: Db, now: () => number = Date.now) {
  return {
    /** Seconds until this account may try again, or 0 when it may try now. */
    async retryAfter(email: string): Promise<number> {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, keyFor(email)));
      if (!row || row.count < SIGN_IN_MAX_FAILURES) return 0;
      const remaining = row.lastRequest + SIGN_IN_LOCK_SECONDS * 1000 - now();
      return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
    },

    /** One more failure; a failure after a quiet lock window starts a new count. */
    async recordFailure(email: string): Promise<void> {
      const at = now();
      const windowStart = at - SIGN_IN_LOCK_SECONDS * 1000;
      await db
        .insert(rateLimits)
        .values({ id: randomUUID(), key: keyFor(email), count: 1, lastRequest: at })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
            lastRequest: at,
          },
        });
    },

    async reset(email: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, keyFor(email)));
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
