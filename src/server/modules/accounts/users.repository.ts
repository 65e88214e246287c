import { and, desc, eq, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { accounts, sessions, twoFactors, users, verifications, type UserRow } from "../../db/schema";

export function createUsersRepository(db: Db) {
  return {
    /** Every staff profile, newest first (docs/product.md §7: profiles ordered by created_at descending). */
    listNewestFirst: (tx: DbOrTx = db): Promise<UserRow[]> =>
      tx.select().from(users).orderBy(desc(users.createdAt), desc(users.id)),

    findById: async (id: string, tx: DbOrTx = db): Promise<UserRow | undefined> => {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** Locks the row, so that two admins acting at once see each other's change. */
    findByIdForUpdate: async (id: string, tx: DbOrTx): Promise<UserRow | undefined> => {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
      return row;
    },

    findByEmail: async (email: string, tx: DbOrTx = db): Promise<UserRow | undefined> => {
      const [row] = await tx.select().from(users).where(eq(users.email, email));
      return row;
    },

    findByEmailForUpdate: async (email: string, tx: DbOrTx): Promise<UserRow | undefined> => {
      const [row] = await tx.select().from(users).where(eq(users.email, email)).for("update");
      return row;
    },

    update: async (
      id: string,
      values: Partial<Pick<UserRow, "name" | "role" | "status" | "emailVerified" | "twoFactorEnabled" | "language">>,
      tx: DbOrTx = db,
    ): Promise<UserRow> => {
      const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
      if (!row) throw new Error(`user ${id} vanished during update`);
      return row;
    },

    insert: async (values: typeof users.$inferInsert, tx: DbOrTx = db): Promise<UserRow> => {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error("user insert returned no row");
      return row;
    },

    /**
     * Everything that lets someone act as this user: password (and any other credential), sessions,
     * two-factor secrets and pending tokens (reset links hold the user's id), except `keepTokenId`.
     */
    discardCredentials: async (userId: string, keepTokenId: string | undefined, tx: DbOrTx = db): Promise<void> => {
      await tx.delete(accounts).where(eq(accounts.userId, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
      const ofUser = eq(verifications.value, userId);
      await tx.delete(verifications).where(keepTokenId ? and(ofUser, ne(verifications.id, keepTokenId)) : ofUser);
    },

    /** Sessions, accounts and two-factor rows go with the user (cascade); events and campaigns stay (set null). */
    delete: async (id: string, tx: DbOrTx = db): Promise<void> => {
      await tx.delete(users).where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
