/**
 * A selection's links for clients (issue 36): made for one client, expiring within SHARE_MAX_DAYS,
 * with an optional password (hashed like the staff's), the token shown once in the URL and kept as
 * its SHA-256; revoked at once. Making and revoking a link are audited under the client's name.
 */
import { t } from "@common/i18n";
import { SHARE_MAX_DAYS, sharePagePath, type CreatedShare, type createShareSchema } from "@common/schemas/selections";
import { hashPassword } from "better-auth/crypto";
import type { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { newSecretToken } from "../../lib/tokens";
import type { SessionUser } from "../accounts/session.resolver";
import { recordAudit, type AuditContext } from "../audit/audit.record";
import { selectionErrors } from "./selections.errors";
import { createSelectionsRepository } from "./selections.repository";
import { createSharesRepository } from "./selections.shares.repository";

const DAY_MS = 86_400_000;

/** The expiry asked for, or 400: an instant in the future, at most SHARE_MAX_DAYS away. */
function expiryOf(expiresAt: string, now: Date): Date {
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) throw selectionErrors.expiry(t("selections.errors.expiryPast"));
  if (at.getTime() - now.getTime() > SHARE_MAX_DAYS * DAY_MS)
    throw selectionErrors.expiry(t("selections.errors.expiryTooFar", { days: SHARE_MAX_DAYS }));
  return at;
}

export function createShareLinks({ db, config }: { db: Db; config: Pick<Config, "publicUrl"> }) {
  const selections = createSelectionsRepository(db);
  const shares = createSharesRepository(db);
  return {
    /** A new link for a client: its URL (the token in it) is answered this once, only its hash kept. */
    async share(
      caller: SessionUser,
      selectionId: string,
      input: z.output<typeof createShareSchema>,
      audit: AuditContext,
      now = new Date(),
    ): Promise<CreatedShare> {
      const expiresAt = expiryOf(input.expiresAt, now);
      // Hashed before the transaction: scrypt takes a while, and holds no connection meanwhile.
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const { token, hash } = newSecretToken();
      const id = await db.transaction(async (tx) => {
        if (!(await selections.lock(selectionId, tx))) throw selectionErrors.notFound();
        const { clientName, clientEmail } = input;
        const shareId = await shares.insert(
          { selectionId, clientName, clientEmail, tokenHash: hash, passwordHash, expiresAt, createdBy: caller.id },
          tx,
        );
        await selections.touch(selectionId, tx);
        await recordAudit(tx, {
          ...audit,
          action: "selection.share",
          details: {
            selectionId,
            shareId,
            share: clientName,
            expiresAt: expiresAt.toISOString(),
            password: passwordHash !== null,
          },
        });
        return shareId;
      });
      return { id, url: `${config.publicUrl}${sharePagePath(token)}` };
    },

    /** Revokes a link: from the next request on, it and its photos answer 404. Revoking it again changes nothing. */
    async revoke(shareId: string, audit: AuditContext, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        const revoked = await shares.revoke(shareId, now, tx);
        if (!revoked) throw selectionErrors.shareNotFound();
        if (!revoked.revokedNow) return;
        await selections.touch(revoked.selectionId, tx);
        await recordAudit(tx, {
          ...audit,
          action: "selection.share_revoke",
          details: { selectionId: revoked.selectionId, shareId, share: revoked.clientName },
        });
      });
    },
  };
}
