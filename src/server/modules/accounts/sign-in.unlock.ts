/**
 * Unlock links (ADR 005): when failed sign-ins lock an account for unknown clients, its owner gets
 * an e-mailed link that makes the browser opening it a known device. The link's token is stored
 * only as its SHA-256, lasts an hour and works once. Unknown addresses get nothing, and the answer
 * to the sign-in that locked is the same either way. An account's owner gets at most one link per
 * lock window, however many clients lock themselves out meanwhile.
 */
import { and, eq, gt, lt } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { rateLimits, verifications } from "../../db/schema";
import { newSecretToken, sha256 } from "../../lib/tokens";
import { enqueueEmail } from "../../mail/outbox";
import { signInUnlockEmail, staffRecipient } from "./accounts.emails";
import { SIGN_IN_LOCK_SECONDS } from "./sign-in.limiter";
import { createUsersRepository } from "./users.repository";

export const UNLOCK_TTL_SECONDS = 60 * 60;

const identifierOf = (token: string) => `sign-in-unlock:${sha256(token)}`;

export const unlockLink = (publicUrl: string, token: string) => `${publicUrl}/login?unlock=${encodeURIComponent(token)}`;

export function createUnlockLinks(db: Db, config: Pick<Config, "publicUrl">, now: () => number = Date.now) {
  const users = createUsersRepository(db);

  /** True for the first caller per lock window and address (the count lives in rate_limits, shared). */
  const claimSlot = async (email: string): Promise<boolean> => {
    const at = now();
    const claimed = await db
      .insert(rateLimits)
      .values({ id: randomUUID(), key: `sign-in-unlock-sent:${email}`, count: 1, lastRequest: at })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: 1, lastRequest: at },
        setWhere: lt(rateLimits.lastRequest, at - SIGN_IN_LOCK_SECONDS * 1000),
      })
      .returning({ id: rateLimits.id });
    return claimed.length > 0;
  };
  return {
    /** E-mails the owner of `email`, if there is one, a link that unlocks sign-in on their device. */
    async send(email: string): Promise<void> {
      const user = await users.findByEmail(email.trim().toLowerCase());
      if (!user || !(await claimSlot(user.email))) return;
      const { token } = newSecretToken();
      await db.transaction(async (tx) => {
        await tx.insert(verifications).values({
          id: randomUUID(),
          identifier: identifierOf(token),
          value: user.email,
          expiresAt: new Date(Date.now() + UNLOCK_TTL_SECONDS * 1000),
        });
        await enqueueEmail(tx, signInUnlockEmail({ ...staffRecipient(user), url: unlockLink(config.publicUrl, token) }));
      });
    },

    /** The address a valid, unused link was sent to (using it up), or undefined. */
    async redeem(token: string): Promise<string | undefined> {
      const [row] = await db
        .delete(verifications)
        .where(and(eq(verifications.identifier, identifierOf(token)), gt(verifications.expiresAt, new Date())))
        .returning({ email: verifications.value });
      return row?.email;
    },
  };
}
