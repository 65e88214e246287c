/**
 * A selection's links for clients and the clients' picks (issue 36): made, listed and revoked by
 * staff; found by their token's hash, read and marked by the client. What the client's queries
 * select is all the client may see: nothing else of a registration leaves through them.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import {
  modelRegistrations as r,
  photos,
  selectionMembers as m,
  selectionPicks as picks,
  selections,
  selectionShares as shares,
} from "../../db/schema";
import { sharingAllowed } from "./selections.repository";

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

    /** Revokes it (once: a second revocation keeps the first time); its selection and client, or undefined. */
    async revoke(id: string, now: Date, tx: DbOrTx) {
      const [row] = await tx
        .update(shares)
        .set({ revokedAt: sql`coalesce(${shares.revokedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(shares.id, id))
        .returning({ selectionId: shares.selectionId, clientName: shares.clientName });
      return row;
    },

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
    clientMembers(selectionId: string, shareId: string, tx: DbOrTx = db) {
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
    async clientMember(selectionId: string, memberId: string, tx: DbOrTx = db) {
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

    /** The pick's favourite before a change (false when none), locked until the transaction ends. */
    async lockPick(shareId: string, memberId: string, tx: DbOrTx) {
      const [row] = await tx
        .select({ favourite: picks.favourite })
        .from(picks)
        .where(and(eq(picks.shareId, shareId), eq(picks.memberId, memberId)))
        .for("update");
      return row;
    },
  };
}
