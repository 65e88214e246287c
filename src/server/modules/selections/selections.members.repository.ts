/**
 * A selection's people (issue 36): read in order, checked against the consent to be shown to
 * clients, replaced as a whole, and a person taken out of every selection (a withdrawn consent).
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "../../db/client";
import { modelRegistrations as r, scoutingEvents, selectionMembers as m, selections } from "../../db/schema";

/**
 * Whether a registration may be shown to clients: the person agreed and, for a minor, the guardian
 * approved after that (an approval given before the consent did not cover it).
 */
export const sharingAllowed = sql<boolean>`(${r.consentClientSharing} and (${r.guardianStatus} = 'not_required'
  or (${r.guardianStatus} = 'approved' and ${r.guardianDecidedAt} >= ${r.consentClientSharingAt})))`;

export type MembersRepository = ReturnType<typeof createMembersRepository>;

export function createMembersRepository(db: Db) {
  return {
    /** The selection's people in its order, with what staff read of each. */
    ofSelection(selectionId: string, tx: DbOrTx = db) {
      return tx
        .select({
          id: m.id,
          registrationId: m.registrationId,
          position: m.position,
          fullName: r.fullName,
          registrationCode: r.registrationCode,
          eventId: r.eventId,
          eventName: scoutingEvents.eventName,
          dateOfBirth: r.dateOfBirth,
          location: r.location,
        })
        .from(m)
        .innerJoin(r, eq(r.id, m.registrationId))
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, r.eventId))
        .where(eq(m.selectionId, selectionId))
        .orderBy(asc(m.position), asc(m.id));
    },

    /** The registrations of `ids` that exist, and whether each may be shown to clients (and if not, whether it agreed). */
    sharingOf(ids: string[], tx: DbOrTx = db) {
      if (ids.length === 0) return Promise.resolve([]);
      return tx
        .select({
          id: r.id,
          fullName: r.fullName,
          registrationCode: r.registrationCode,
          allowed: sharingAllowed,
          consent: r.consentClientSharing,
        })
        .from(r)
        .where(inArray(r.id, ids));
    },

    /**
     * The selection holds exactly `ids`, in that order: the others go (their picks with them), those
     * already in keep their member id (and so the client's picks) at their new place, the new come in.
     */
    async replace(selectionId: string, ids: string[], tx: DbOrTx): Promise<void> {
      await tx.execute(sql`
        delete from ${m} where ${m.selectionId} = ${selectionId} and ${m.registrationId} <> all(${sql.param(ids)}::uuid[])`);
      if (ids.length === 0) return;
      await tx.execute(sql`
        insert into ${m} (selection_id, registration_id, position)
        select ${selectionId}::uuid, x.id, (x.ordinality - 1)::int
        from unnest(${sql.param(ids)}::uuid[]) with ordinality as x(id, ordinality)
        on conflict (selection_id, registration_id) do update set position = excluded.position`);
    },

    /** Takes the registration out of every selection; the selections it left, so their lists show the change first. */
    async removeEverywhere(registrationId: string, tx: DbOrTx): Promise<string[]> {
      const rows = rowsOf<{ selection_id: string }>(
        await tx.execute(sql`delete from ${m} where ${m.registrationId} = ${registrationId} returning ${m.selectionId}`),
      );
      const left = [...new Set(rows.map((row) => row.selection_id))];
      if (left.length > 0) await tx.update(selections).set({ updatedAt: new Date() }).where(inArray(selections.id, left));
      return left;
    },
  };
}
