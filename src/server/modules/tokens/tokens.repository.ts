/** API tokens' rows (issue 37). */
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { apiTokens, users } from "../../db/schema";

export type TokensRepository = ReturnType<typeof createTokensRepository>;

/** How often a token's last use is written: a busy script does not write on every call. */
const LAST_USE_EVERY_MS = 60_000;

export function createTokensRepository(db: Db) {
  const listed = {
    id: apiTokens.id,
    name: apiTokens.name,
    permissions: apiTokens.permissions,
    expiresAt: apiTokens.expiresAt,
    lastUsedAt: apiTokens.lastUsedAt,
    createdAt: apiTokens.createdAt,
    createdById: users.id,
    createdByName: users.name,
  };
  return {
    async insert(values: typeof apiTokens.$inferInsert, tx: DbOrTx) {
      const [row] = await tx.insert(apiTokens).values(values).returning({ id: apiTokens.id });
      return row!.id;
    },

    /** Every token, oldest first, with its maker. */
    list(where = sql`true`) {
      return db
        .select(listed)
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(where)
        .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
    },

    async find(id: string) {
      const [row] = await this.list(eq(apiTokens.id, id));
      return row;
    },

    /** Deletes it (it stops working at once); its name, or undefined when there was none. */
    async remove(id: string, tx: DbOrTx): Promise<string | undefined> {
      const [row] = await tx.delete(apiTokens).where(eq(apiTokens.id, id)).returning({ name: apiTokens.name });
      return row?.name;
    },

    /** The live (unexpired) token of this hash with its maker's account, or undefined. */
    async findLive(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          id: apiTokens.id,
          name: apiTokens.name,
          permissions: apiTokens.permissions,
          lastUsedAt: apiTokens.lastUsedAt,
          user: {
            id: users.id,
            email: users.email,
            name: users.name,
            role: users.role,
            status: users.status,
            language: users.language,
            twoFactorEnabled: users.twoFactorEnabled,
          },
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(and(eq(apiTokens.tokenHash, tokenHash), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now))));
      return row;
    },

    /** Records a use, unless one was recorded within the last minute (by any process). */
    async touch(id: string, now: Date): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiTokens.id, id),
            or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USE_EVERY_MS))),
          ),
        );
    },

    /** Whether a use should be written now: the last one is older than a minute, or there is none. */
    isStale(lastUsedAt: Date | null, now: Date): boolean {
      return !lastUsedAt || now.getTime() - lastUsedAt.getTime() > LAST_USE_EVERY_MS;
    },
  };
}
