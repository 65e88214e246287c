/** Tracked links (issue 38): plain async functions over `db`, the transaction last. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { trackedLinks } from "../../db/schema";

export type LinksRepository = ReturnType<typeof createLinksRepository>;

// Written out in full: inside a subquery Drizzle would render the columns unqualified.
const registrations = sql<number>`(select count(*) from "model_registrations" r
  where r."event_id" = "tracked_links"."event_id" and r."source" = "tracked_links"."slug" and r."status" <> 'cancelled')`.mapWith(
  Number,
);

export function createLinksRepository(db: Db) {
  return {
    /** An event's links, oldest first, each with its registrations. */
    async list(eventId: string, tx: DbOrTx = db) {
      return tx
        .select({ link: trackedLinks, registrations })
        .from(trackedLinks)
        .where(eq(trackedLinks.eventId, eventId))
        .orderBy(asc(trackedLinks.createdAt), asc(trackedLinks.slug));
    },

    /** The new link, or undefined when the event has one of that slug already. */
    async insert(values: { eventId: string; name: string; slug: string }, tx: DbOrTx = db) {
      const [row] = await tx.insert(trackedLinks).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** Whether there was such a link. */
    async remove(id: string, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .delete(trackedLinks)
        .where(and(eq(trackedLinks.id, id)))
        .returning({ id: trackedLinks.id });
      return rows.length > 0;
    },
  };
}
