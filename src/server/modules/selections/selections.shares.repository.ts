/** A selection's links for clients, as staff make, list and revoke them, with the clients' picks (issue 36). */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { selectionPicks as picks, selectionShares as shares } from "../../db/schema";

export type SharesRepository = ReturnType<typeof createSharesRepository>;

export function createSharesRepository(db: Db) {
  return {
    async insert(values: typeof shares.$inferInsert, tx: DbOrTx): Promise<string> {
      const [row] = await tx.insert(shares).values(values).returning({ id: shares.id });
      return row!.id;
    },

    /** A selection's links, the newest first. */
    ofSelection(selectionId: string, tx: DbOrTx = db) {
      return tx
        .select({
          id: shares.id,
          clientName: shares.clientName,
          clientEmail: shares.clientEmail,
          expiresAt: shares.expiresAt,
          hasPassword: sql<boolean>`${shares.passwordHash} is not null`,
          revokedAt: shares.revokedAt,
          lastOpenedAt: shares.lastOpenedAt,
          createdAt: shares.createdAt,
        })
        .from(shares)
        .where(eq(shares.selectionId, selectionId))
        .orderBy(sql`${shares.createdAt} desc`, asc(shares.id));
    },

    /** The picks made through these links. */
    picksOf(shareIds: string[], tx: DbOrTx = db) {
      if (shareIds.length === 0) return Promise.resolve([]);
      return tx
        .select({
          shareId: picks.shareId,
          memberId: picks.memberId,
          favourite: picks.favourite,
          note: picks.note,
          updatedAt: picks.updatedAt,
        })
        .from(picks)
        .where(inArray(picks.shareId, shareIds));
    },

    /** Revokes it; its selection and client, and whether it was live until now (undefined: no such link). */
    async revoke(id: string, now: Date, tx: DbOrTx) {
      const [row] = await tx
        .select({ selectionId: shares.selectionId, clientName: shares.clientName, revokedAt: shares.revokedAt })
        .from(shares)
        .where(eq(shares.id, id))
        .for("update");
      if (!row) return undefined;
      if (!row.revokedAt) await tx.update(shares).set({ revokedAt: now }).where(eq(shares.id, id));
      return { selectionId: row.selectionId, clientName: row.clientName, revokedNow: !row.revokedAt };
    },
  };
}
