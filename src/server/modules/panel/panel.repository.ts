/**
 * The panel's tables (issue 23): scores and notes, stage moves, tags. Every write that changes a
 * registration's panel runs in the caller's transaction, after the registration's row is locked.
 */
import { FUNNEL_RANK, type RegistrationStage } from "@common/constants";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { modelRegistrations as r, panelScores, registrationStageChanges, registrationTags, tags, users } from "../../db/schema";

/**
 * A staff member's scores removed (their account is being deleted), and the panel columns of the
 * registrations they scored rewritten without them. The update reads the scores as they were
 * before the delete (one statement), hence the user's rows left out by hand.
 */
export async function forgetPanelScoresOf(userId: string, tx: DbOrTx): Promise<void> {
  await tx.execute(sql`
    with gone as (delete from ${panelScores} where ${panelScores.userId} = ${userId} returning registration_id)
    update ${r} set (panel_count, panel_sum, panel_min, panel_max) = (
      select count(*)::int, coalesce(sum(s.score), 0)::int, min(s.score), max(s.score)
      from ${panelScores} s where s.registration_id = ${r.id} and s.user_id <> ${userId}
    )
    where ${r.id} in (select registration_id from gone)`);
}

export function createPanelRepository(db: DbOrTx) {
  return {
    /** Locks the registration's row: score, stage and tag writes on it go one at a time. */
    async lockRegistration(id: string, tx: DbOrTx) {
      const [row] = await tx.select({ id: r.id, stage: r.stage, eventId: r.eventId }).from(r).where(eq(r.id, id)).for("update");
      return row;
    },

    /** A note left undefined keeps the one already written. */
    async upsertScore(
      values: { registrationId: string; userId: string; score: number; note: string | null | undefined },
      tx: DbOrTx,
    ) {
      await tx
        .insert(panelScores)
        .values({ ...values, note: values.note ?? null })
        .onConflictDoUpdate({
          target: [panelScores.registrationId, panelScores.userId],
          set: { score: values.score, ...(values.note === undefined ? {} : { note: values.note }), updatedAt: new Date() },
        });
    },

    /**
     * Rewrites the registration's panel columns from its scores. Run after the row lock: a second
     * scorer's transaction waits for the first to commit, then reads its score too.
     */
    async refreshAggregate(registrationId: string, tx: DbOrTx) {
      await tx.execute(sql`
        update ${r} set (panel_count, panel_sum, panel_min, panel_max) = (
          select count(*)::int, coalesce(sum(${panelScores.score}), 0)::int, min(${panelScores.score}), max(${panelScores.score})
          from ${panelScores} where ${panelScores.registrationId} = ${registrationId}
        )
        where ${r.id} = ${registrationId}`);
    },

    /** `by` null: no staff member moved it (the person's answer to a callback invitation, issue 36). */
    async setStage(
      values: { registrationId: string; from: RegistrationStage; to: RegistrationStage; by: string | null },
      tx: DbOrTx,
    ) {
      await tx
        .update(r)
        .set({ stage: values.to, funnelReached: sql`greatest(${r.funnelReached}, ${FUNNEL_RANK[values.to]})` })
        .where(eq(r.id, values.registrationId));
      await tx.insert(registrationStageChanges).values({
        registrationId: values.registrationId,
        changedBy: values.by,
        fromStage: values.from,
        toStage: values.to,
      });
    },

    /** Every note on a registration, newest first, with its author. */
    notes(registrationId: string) {
      return db
        .select({
          userId: panelScores.userId,
          authorName: users.name,
          score: panelScores.score,
          note: panelScores.note,
          updatedAt: panelScores.updatedAt,
        })
        .from(panelScores)
        .leftJoin(users, eq(users.id, panelScores.userId))
        .where(eq(panelScores.registrationId, registrationId))
        .orderBy(desc(panelScores.updatedAt), asc(panelScores.userId));
    },

    stageHistory(registrationId: string) {
      return db
        .select({
          from: registrationStageChanges.fromStage,
          to: registrationStageChanges.toStage,
          byId: registrationStageChanges.changedBy,
          byName: users.name,
          at: registrationStageChanges.createdAt,
        })
        .from(registrationStageChanges)
        .leftJoin(users, eq(users.id, registrationStageChanges.changedBy))
        .where(eq(registrationStageChanges.registrationId, registrationId))
        .orderBy(desc(registrationStageChanges.createdAt), desc(registrationStageChanges.id));
    },

    async registrationExists(id: string) {
      const [row] = await db
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.id, id)));
      return row !== undefined;
    },
  };
}

export type PanelRepository = ReturnType<typeof createPanelRepository>;

/** The agency's tags and which registrations carry them. */
export function createTagsRepository(db: DbOrTx) {
  return {
    listTags() {
      return db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
    },

    async createTag(name: string) {
      const [row] = await db.insert(tags).values({ name }).returning({ id: tags.id, name: tags.name });
      return row;
    },

    async renameTag(id: string, name: string) {
      const [row] = await db.update(tags).set({ name }).where(eq(tags.id, id)).returning({ id: tags.id, name: tags.name });
      return row;
    },

    async deleteTag(id: string) {
      const [row] = await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
      return row;
    },

    async countTags(ids: string[], tx: DbOrTx) {
      if (ids.length === 0) return 0;
      const rows = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
      return rows.length;
    },

    /** Makes `tagIds` the registration's whole set of tags. */
    async setRegistrationTags(registrationId: string, tagIds: string[], by: string, tx: DbOrTx) {
      const keep =
        tagIds.length > 0
          ? sql` and ${registrationTags.tagId} not in (${sql.join(
              tagIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``;
      await tx.execute(sql`delete from ${registrationTags} where ${registrationTags.registrationId} = ${registrationId}${keep}`);
      if (tagIds.length > 0) {
        await tx
          .insert(registrationTags)
          .values(tagIds.map((tagId) => ({ registrationId, tagId, createdBy: by })))
          .onConflictDoNothing();
      }
    },
  };
}
