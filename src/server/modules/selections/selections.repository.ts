/** Selections (issue 36): the admin's list, one selection's row, named, renamed, deleted. */
import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { selectionMembers as m, selections, selectionShares, users } from "../../db/schema";

export type SelectionsRepository = ReturnType<typeof createSelectionsRepository>;

export function createSelectionsRepository(db: Db) {
  const memberCount = sql<number>`(select count(*)::int from ${m} where ${m.selectionId} = ${selections.id})`;
  const activeShareCount = sql<number>`(select count(*)::int from ${selectionShares}
    where ${selectionShares.selectionId} = ${selections.id} and ${selectionShares.revokedAt} is null
      and ${selectionShares.expiresAt} > now())`;
  const summary = {
    ...getTableColumns(selections),
    memberCount,
    activeShareCount,
    createdByName: users.name,
  };

  return {
    async insert(values: { name: string; createdBy: string }, tx: DbOrTx = db): Promise<string> {
      const [row] = await tx.insert(selections).values(values).returning({ id: selections.id });
      return row!.id;
    },

    /** Every selection, the latest changed first. */
    list() {
      return db
        .select(summary)
        .from(selections)
        .leftJoin(users, eq(users.id, selections.createdBy))
        .orderBy(desc(selections.updatedAt), desc(selections.id));
    },

    async find(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select(summary)
        .from(selections)
        .leftJoin(users, eq(users.id, selections.createdBy))
        .where(eq(selections.id, id));
      return row;
    },

    /** The selection's row, locked until the transaction ends: its members and links change one request at a time. */
    async lock(id: string, tx: DbOrTx) {
      const [row] = await tx.select({ id: selections.id }).from(selections).where(eq(selections.id, id)).for("update");
      return row;
    },

    async rename(id: string, name: string, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx.update(selections).set({ name }).where(eq(selections.id, id)).returning({ id: selections.id });
      return rows.length > 0;
    },

    /** A change of its members or links shows first in the list. */
    async touch(id: string, tx: DbOrTx) {
      await tx.update(selections).set({ updatedAt: new Date() }).where(eq(selections.id, id));
    },

    async remove(id: string, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx.delete(selections).where(eq(selections.id, id)).returning({ id: selections.id });
      return rows.length > 0;
    },
  };
}
