/** Door passes' rows (issue 35). */
import { and, asc, eq, gt, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { doorPasses, scoutingEvents, users } from "../../db/schema";

export type DoorPassesRepository = ReturnType<typeof createDoorPassesRepository>;

/** How often a pass's last use is written: a phone checking people in does not write on every request. */
const LAST_USE_EVERY_MS = 60_000;

export function createDoorPassesRepository(db: Db) {
  async function findLiveWhere(which: SQL, now: Date) {
    const [row] = await db
      .select({
        id: doorPasses.id,
        name: doorPasses.name,
        eventId: doorPasses.eventId,
        expiresAt: doorPasses.expiresAt,
        lastUsedAt: doorPasses.lastUsedAt,
        event: { id: scoutingEvents.id, eventName: scoutingEvents.eventName, eventDate: scoutingEvents.eventDate },
        maker: {
          id: users.id,
          email: users.email,
          name: users.name,
          role: users.role,
          status: users.status,
          language: users.language,
          twoFactorEnabled: users.twoFactorEnabled,
        },
      })
      .from(doorPasses)
      .innerJoin(users, eq(users.id, doorPasses.createdBy))
      .innerJoin(scoutingEvents, eq(scoutingEvents.id, doorPasses.eventId))
      .where(and(which, gt(doorPasses.expiresAt, now)));
    return row;
  }

  return {
    async insert(values: typeof doorPasses.$inferInsert, tx: DbOrTx) {
      const [row] = await tx.insert(doorPasses).values(values).returning({ id: doorPasses.id });
      return row!.id;
    },

    /** The event's passes that still work (unexpired), oldest first, with their makers. */
    listLive(eventId: string, now: Date) {
      return db
        .select({
          id: doorPasses.id,
          name: doorPasses.name,
          expiresAt: doorPasses.expiresAt,
          lastUsedAt: doorPasses.lastUsedAt,
          createdAt: doorPasses.createdAt,
          createdById: users.id,
          createdByName: users.name,
        })
        .from(doorPasses)
        .innerJoin(users, eq(users.id, doorPasses.createdBy))
        .where(and(eq(doorPasses.eventId, eventId), gt(doorPasses.expiresAt, now)))
        .orderBy(asc(doorPasses.createdAt), asc(doorPasses.id));
    },

    /** Deletes it (it stops working at once); its name and event, or undefined when there was none. */
    async remove(id: string, tx: DbOrTx) {
      const [row] = await tx
        .delete(doorPasses)
        .where(eq(doorPasses.id, id))
        .returning({ name: doorPasses.name, eventId: doorPasses.eventId });
      return row;
    },

    /** The live pass of this hash, with its maker's account and its event, or undefined. */
    findLive: (tokenHash: string, now: Date) => findLiveWhere(eq(doorPasses.tokenHash, tokenHash), now),

    /** The same by the pass's id. */
    findLiveById: (id: string, now: Date) => findLiveWhere(eq(doorPasses.id, id), now),

    /** Records a use, unless one was recorded within the last minute (by any process). */
    async touch(id: string, now: Date): Promise<void> {
      await db
        .update(doorPasses)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(doorPasses.id, id),
            or(isNull(doorPasses.lastUsedAt), lt(doorPasses.lastUsedAt, new Date(now.getTime() - LAST_USE_EVERY_MS))),
          ),
        );
    },

    /** Whether a use should be written now: the last one is older than a minute, or there is none. */
    isStale(lastUsedAt: Date | null, now: Date): boolean {
      return !lastUsedAt || now.getTime() - lastUsedAt.getTime() > LAST_USE_EVERY_MS;
    },
  };
}

export type LiveDoorPass = NonNullable<Awaited<ReturnType<DoorPassesRepository["findLive"]>>>;
