/**
 * What the client's side reads and writes (issue 36): the live link of a token hash, the people the
 * client may see with this link's picks, one person's photo, a favourite or a note. What these
 * queries select is all the client may see: nothing else of a registration leaves through them.
 */
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import {
  modelRegistrations as r,
  photos,
  selectionMembers as m,
  selectionPicks as picks,
  selections,
  selectionShares as shares,
} from "../../db/schema";
import { sharingAllowed } from "./selections.members.repository";

export type ClientRepository = ReturnType<typeof createClientRepository>;

export function createClientRepository(db: Db) {
  return {
    /** The link of this token hash while it opens (not revoked, not expired), with its selection's name. */
    async findLive(tokenHash: string, now: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          id: shares.id,
          selectionId: shares.selectionId,
          selectionName: selections.name,
          clientName: shares.clientName,
          passwordHash: shares.passwordHash,
          expiresAt: shares.expiresAt,
        })
        .from(shares)
        .innerJoin(selections, eq(selections.id, shares.selectionId))
        .where(and(eq(shares.tokenHash, tokenHash), isNull(shares.revokedAt), gt(shares.expiresAt, now)));
      return row;
    },

    async markOpened(id: string, now: Date, tx: DbOrTx = db) {
      await tx.update(shares).set({ lastOpenedAt: now }).where(eq(shares.id, id));
    },

    /**
     * The people of the selection the client may see, in order, and this link's picks: of each
     * registration only the columns the client's reply is made of (and its id, for the photos' query).
     */
    members(selectionId: string, shareId: string, tx: DbOrTx = db) {
      return tx
        .select({
          id: m.id,
          registrationId: m.registrationId,
          fullName: r.fullName,
          dateOfBirth: r.dateOfBirth,
          height: r.height,
          bust: r.bust,
          waist: r.waist,
          hips: r.hips,
          location: r.location,
          favourite: sql<boolean>`coalesce(${picks.favourite}, false)`,
          note: picks.note,
        })
        .from(m)
        .innerJoin(r, eq(r.id, m.registrationId))
        .leftJoin(picks, and(eq(picks.memberId, m.id), eq(picks.shareId, shareId)))
        .where(and(eq(m.selectionId, selectionId), sharingAllowed))
        .orderBy(asc(m.position), asc(m.id));
    },

    /** A member of the selection the client may see: its registration (for the audit trail), or undefined. */
    async member(selectionId: string, memberId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ registrationId: m.registrationId, eventId: r.eventId })
        .from(m)
        .innerJoin(r, eq(r.id, m.registrationId))
        .where(and(eq(m.id, memberId), eq(m.selectionId, selectionId), sharingAllowed));
      return row;
    },

    /** One of that member's registration's photos: where its files are. */
    async photoOf(registrationId: string, photoId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: photos.id, kind: photos.kind, largeKey: photos.largeKey, thumbKey: photos.thumbKey })
        .from(photos)
        .where(and(eq(photos.id, photoId), eq(photos.registrationId, registrationId)));
      return row;
    },

    /** The pick's favourite before a change (undefined when none), locked until the transaction ends. */
    async lockPick(shareId: string, memberId: string, tx: DbOrTx) {
      const [row] = await tx
        .select({ favourite: picks.favourite })
        .from(picks)
        .where(and(eq(picks.shareId, shareId), eq(picks.memberId, memberId)))
        .for("update");
      return row;
    },

    /** Sets the favourite and/or the note (what is undefined stays); the pick as it is now. */
    async savePick(shareId: string, memberId: string, change: { favourite?: boolean; note?: string | null }, tx: DbOrTx) {
      const set = {
        ...(change.favourite === undefined ? {} : { favourite: change.favourite }),
        ...(change.note === undefined ? {} : { note: change.note }),
        updatedAt: new Date(),
      };
      const [row] = await tx
        .insert(picks)
        .values({ shareId, memberId, favourite: change.favourite ?? false, note: change.note ?? null })
        .onConflictDoUpdate({ target: [picks.shareId, picks.memberId], set })
        .returning({ favourite: picks.favourite, note: picks.note });
      return row!;
    },
  };
}
