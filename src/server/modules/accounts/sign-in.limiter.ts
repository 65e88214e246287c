/**
 * Sign-in failure limits beyond better-auth's per-IP one (ADR 005). Failures are counted, for any
 * e-mail address known or not (so a lock reveals nothing), in the shared rate_limits table so that
 * every app process sees the same counts:
 * - per client address and account: 5 failures lock that address out of that account for 15 minutes,
 *   so a stranger sending wrong passwords locks only themselves;
 * - per account from every address: 20 failures lock the account for unknown clients (many
 *   addresses at once);
 * - per known device (a signed cookie set by a successful sign-in or an unlock link): that device
 *   is not held by the two locks above, only by its own 5 failures.
 * Either of the first two locks e-mails the account's owner an unlock link (at most one per 15
 * minutes, see sign-in.unlock.ts), so the owner gets in even where a proxy makes every client one.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { createSharedCounter, type SharedCounter } from "../../lib/shared-limits";

export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_ACCOUNT_MAX_FAILURES = 20;
export const SIGN_IN_LOCK_SECONDS = 15 * 60;

/** Who is trying to sign in: the e-mail they typed, their client address, and their known device if any. */
export interface SignInAttempt {
  email: string;
  ip: string;
  deviceId?: string | undefined;
}

const normal = (email: string) => email.trim().toLowerCase();
const keys = {
  clientAccount: (a: SignInAttempt) => `sign-in-failures:client:${a.ip}:${normal(a.email)}`,
  account: (a: SignInAttempt) => `sign-in-failures:account:${normal(a.email)}`,
  device: (a: SignInAttempt) => `sign-in-failures:device:${a.deviceId ?? ""}`,
};

export function createSignInLimiter(db: Db, now: () => number = Date.now, counter: SharedCounter = createSharedCounter(db, now)) {
  const waitFor = async (key: string, max: number): Promise<number> => {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row || row.count < max) return 0;
    const remaining = row.lastRequest + SIGN_IN_LOCK_SECONDS * 1000 - now();
    return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
  };

  /** One more failure on `key` (a failure after a quiet lock window starts a new count); the new count. */
  const bump = async (key: string): Promise<number> =>
    (await counter.hit(key, SIGN_IN_LOCK_SECONDS * 1000, { sliding: true })).count;

  return {
    /** Seconds until this attempt may be made, or 0 when it may be made now. */
    async retryAfter(attempt: SignInAttempt): Promise<number> {
      if (attempt.deviceId) return waitFor(keys.device(attempt), SIGN_IN_MAX_FAILURES);
      const [client, account] = await Promise.all([
        waitFor(keys.clientAccount(attempt), SIGN_IN_MAX_FAILURES),
        waitFor(keys.account(attempt), SIGN_IN_ACCOUNT_MAX_FAILURES),
      ]);
      return Math.max(client, account);
    },

    /**
     * Records a failed attempt; `locked` when it is the one that locks this client (not a known
     * device) or every unknown client out of the account: its owner is then sent an unlock link.
     */
    async recordFailure(attempt: SignInAttempt): Promise<{ locked: boolean }> {
      const own = await bump(attempt.deviceId ? keys.device(attempt) : keys.clientAccount(attempt));
      const accountFailures = await bump(keys.account(attempt));
      const clientLocked = !attempt.deviceId && own === SIGN_IN_MAX_FAILURES;
      return { locked: clientLocked || accountFailures === SIGN_IN_ACCOUNT_MAX_FAILURES };
    },

    /**
     * After a successful sign-in: this client's and this device's failures are forgotten. The
     * account's count stays: the owner signing in from a known device does not give whoever is
     * guessing elsewhere a fresh set of attempts.
     */
    async reset(attempt: SignInAttempt): Promise<void> {
      await db.delete(rateLimits).where(inArray(rateLimits.key, [keys.clientAccount(attempt), keys.device(attempt)]));
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
