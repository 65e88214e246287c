/** Data access of photos: the upload's row, the registration's photos, the sweep of unused ones. */
import type { PhotoKind } from "@common/photos";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "../../db/client";
import { photos, scoutingEvents, storageDeletions } from "../../db/schema";
import { isPublicEvent } from "../events/events.visibility";

export type NewPhoto = typeof photos.$inferInsert;

export function createPhotosRepository(db: Db) {
  return {
    /** The event's photo setting, when the public may register for it (an active open call). */
    async activeEventPhotoSetting(eventId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ photos: scoutingEvents.photos })
        .from(scoutingEvents)
        .where(and(eq(scoutingEvents.id, eventId), isPublicEvent()));
      return row?.photos;
    },

    async insert(photo: NewPhoto, tx: DbOrTx = db) {
      await tx.insert(photos).values(photo);
    },

    /** Gives an unclaimed photo to a registration. */
    async claim(id: string, registrationId: string, tx: DbOrTx = db) {
      await tx
        .update(photos)
        .set({ registrationId })
        .where(and(eq(photos.id, id), isNull(photos.registrationId)));
    },

    /** Deletes photo rows; the trigger queues their files (migration 0006). */
    async deleteByIds(ids: string[], tx: DbOrTx = db) {
      if (ids.length === 0) return;
      await tx.delete(photos).where(inArray(photos.id, ids));
    },

    async findByIds(ids: string[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: photos.id,
          eventId: photos.eventId,
          kind: photos.kind,
          registrationId: photos.registrationId,
          waitlistEntryId: photos.waitlistEntryId,
        })
        .from(photos)
        .where(inArray(photos.id, ids));
    },

    async findOfRegistration(registrationId: string, kind: PhotoKind, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(photos)
        .where(and(eq(photos.registrationId, registrationId), eq(photos.kind, kind)));
      return row;
    },

    async listOfRegistrations(registrationIds: string[], tx: DbOrTx = db) {
      if (registrationIds.length === 0) return [];
      return tx
        .select({ id: photos.id, registrationId: photos.registrationId, kind: photos.kind })
        .from(photos)
        .where(inArray(photos.registrationId, registrationIds));
    },

    /** Photos never claimed by a registration, uploaded before `before`: deleted (their files queued). */
    async deleteUnclaimedBefore(before: Date, limit: number, tx: DbOrTx = db): Promise<number> {
      const rows = await tx.execute<{ id: string }>(sql`
        delete from ${photos} where ${photos.id} in (
          select ${photos.id} from ${photos}
          where ${photos.registrationId} is null and ${photos.waitlistEntryId} is null
            and ${photos.createdAt} < ${before.toISOString()}::timestamptz
          order by ${photos.createdAt} limit ${limit}
          for update skip locked)
        returning ${photos.id}`);
      return rowsOf(rows).length;
    },

    async pendingDeletions(tx: DbOrTx = db) {
      return tx.select().from(storageDeletions);
    },
  };
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
