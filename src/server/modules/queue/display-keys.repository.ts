/** The venue screens' keys (issue 35): stored as their SHA-256, deleted to revoke. */
import { and, asc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { displayKeys } from "../../db/schema";

const listed = { id: displayKeys.id, eventId: displayKeys.eventId, name: displayKeys.name, createdAt: displayKeys.createdAt };

export function createDisplayKeysRepository(db: Db) {
  return {
    async insert(values: typeof displayKeys.$inferInsert, tx: DbOrTx) {
      const [row] = await tx.insert(displayKeys).values(values).returning(listed);
      return row!;
    },

    /** An event's keys, oldest first. */
    list(eventId: string) {
      return db
        .select(listed)
        .from(displayKeys)
        .where(eq(displayKeys.eventId, eventId))
        .orderBy(asc(displayKeys.createdAt), asc(displayKeys.id));
    },

    async find(id: string) {
      const [row] = await db.select(listed).from(displayKeys).where(eq(displayKeys.id, id));
      return row;
    },

    /** The key of `hash` for this event, or undefined. */
    async findByHash(eventId: string, hash: string) {
      const [row] = await db
        .select(listed)
        .from(displayKeys)
        .where(and(eq(displayKeys.keyHash, hash), eq(displayKeys.eventId, eventId)));
      return row;
    },

    /** Deletes it; the row deleted, or undefined when there was none. */
    async remove(id: string, tx: DbOrTx) {
      const [row] = await tx.delete(displayKeys).where(eq(displayKeys.id, id)).returning(listed);
      return row;
    },
  };
}
