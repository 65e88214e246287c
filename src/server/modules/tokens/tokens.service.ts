/**
 * API tokens (issue 37): made by an admin with some of their own capabilities, shown once, stored
 * hashed, revoked at once by deleting the row. Making and revoking one are audited.
 */
import { callerHolds, type Capability } from "@common/permissions";
import { API_TOKEN_PREFIX, type ApiToken, type createTokenSchema, type CreatedToken } from "@common/schemas/tokens";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { newSecretToken, sha256 } from "../../lib/tokens";
import type { SessionUser } from "../accounts/session.resolver";
import { recordAuditOf, type AuditContext } from "../audit/audit.record";
import { tokenErrors } from "./tokens.errors";
import { createTokensRepository } from "./tokens.repository";

type TokenRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createTokensRepository>["find"]>>>;

const toApi = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  permissions: row.permissions,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  createdBy: { id: row.createdById, name: row.createdByName },
});

export function createTokensService(db: Db) {
  const repo = createTokensRepository(db);
  return {
    async list(): Promise<{ items: ApiToken[] }> {
      return { items: (await repo.list()).map(toApi) };
    },

    async create(
      maker: SessionUser,
      input: z.output<typeof createTokenSchema>,
      audit: AuditContext,
      now = new Date(),
    ): Promise<CreatedToken> {
      const notHeld = input.permissions.filter((name: Capability) => !callerHolds(maker, name));
      if (notHeld.length > 0) throw tokenErrors.permissionNotHeld(notHeld);
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime()) throw tokenErrors.expiryPast();
      // The prefix is part of the token, and so of what is hashed.
      const token = `${API_TOKEN_PREFIX}${newSecretToken().token}`;
      const id = await db.transaction(async (tx) => {
        const created = await repo.insert(
          { name: input.name, tokenHash: sha256(token), permissions: input.permissions, userId: maker.id, expiresAt },
          tx,
        );
        await recordAuditOf(tx, audit, {
          action: "token.create",
          userId: maker.id,
          details: { token: input.name, permissions: input.permissions, expiresAt: expiresAt?.toISOString() ?? null },
        });
        return created;
      });
      return { ...toApi((await repo.find(id))!), token };
    },

    async revoke(id: string, audit: AuditContext): Promise<void> {
      await db.transaction(async (tx) => {
        const name = await repo.remove(id, tx);
        if (name === undefined) throw tokenErrors.notFound();
        await recordAuditOf(tx, audit, { action: "token.revoke", details: { token: name } });
      });
    },
  };
}
