/**
 * The review panel (issue 23): each staff member's own score and note (members included), the
 * stage admins move registrations through (each move recorded), the agency's tags, and the same
 * person's registrations in other events. The official rating, like and attended stay the
 * admins' (registrations.service.ts).
 */
import { recordWebhookEvent } from "../webhooks/webhooks.events";
import type { RegistrationStage } from "@common/constants";
import type { RegistrationListItem } from "@common/schemas/registrations";
import type { RegistrationPanel, RelatedResponse, Tag } from "@common/schemas/panel";
import { pgErrorCode, PG_UNIQUE_VIOLATION, type Db, type DbOrTx } from "../../db/client";
import type { SessionUser } from "../accounts/session.resolver";
import { recordAuditOf, type AuditContext, type AuditEntry } from "../audit/audit.record";
import { createRegistrationsRepository, findRelated } from "../registrations/registrations.repository";
import { redactFor } from "../registrations/registrations.redact";
import { listItemFor } from "../registrations/registrations.service";
import { panelErrors } from "./panel.errors";
import { createPanelRepository, createTagsRepository } from "./panel.repository";

/**
 * A registration's stage moved, in the caller's transaction with its row locked: the stage, its
 * history row and `stage.changed` for the webhooks. `by` null when no staff member moved it.
 */
export async function moveStage(
  tx: DbOrTx,
  move: { registrationId: string; eventId: string; from: RegistrationStage; to: RegistrationStage; by: string | null },
): Promise<void> {
  const { registrationId, eventId, from, to, by } = move;
  await createPanelRepository(tx).setStage({ registrationId, from, to, by }, tx);
  await recordWebhookEvent(tx, { type: "stage.changed", subjectId: registrationId, data: { registrationId, eventId, from, to } });
}

/** What a panel write records in the audit trail. */
type AuditNote = Pick<AuditEntry, "action" | "details">;

/** At most this many related registrations answered by GET /related. */
const RELATED_MAX = 100;

/** The same person in other events, with the rules that matched. */
async function relatedOf(db: Db, reader: SessionUser, id: string): Promise<RelatedResponse> {
  if (!(await createPanelRepository(db).registrationExists(id))) throw panelErrors.notFound();
  const rows = await findRelated(db, [id], RELATED_MAX);
  return {
    items: rows.map(({ sourceId: _source, ...related }) => redactFor(reader, related)),
  };
}

export function createPanelService({ db }: { db: Db }) {
  const repo = createPanelRepository(db);
  const tagsRepo = createTagsRepository(db);

  /**
   * Runs `write` on the locked registration, records it in the audit trail (issue 18) in the same
   * transaction when it returns what to record, then answers the row as the list shows it.
   */
  async function onRegistration(
    user: SessionUser,
    id: string,
    audit: AuditContext | undefined,
    write: (tx: DbOrTx, current: { id: string; stage: RegistrationStage; eventId: string }) => Promise<AuditNote | undefined>,
  ): Promise<RegistrationListItem> {
    await db.transaction(async (tx) => {
      const current = await repo.lockRegistration(id, tx);
      if (!current) throw panelErrors.notFound();
      const note = await write(tx, current);
      if (note) await recordAuditOf(tx, audit, { registrationId: id, eventId: current.eventId, ...note });
    });
    return listItemFor(db, user, id);
  }

  return {
    /** The caller's own score and note; the registration's panel columns follow in the same transaction. */
    setMyScore: (
      user: SessionUser,
      id: string,
      input: { score: number; note?: string | null | undefined },
      audit?: AuditContext,
    ) =>
      onRegistration(user, id, audit, async (tx) => {
        await repo.upsertScore({ registrationId: id, userId: user.id, score: input.score, note: input.note }, tx);
        await repo.refreshAggregate(id, tx);
        // Neither the score nor the note: an opinion of the person is not for the trail.
        return { action: "registration.panel_score" };
      }),

    /** Admins (the route checks): a move to the stage it already has records nothing. */
    setStage: (user: SessionUser, id: string, stage: RegistrationStage, audit?: AuditContext) =>
      onRegistration(user, id, audit, async (tx, current) => {
        if (current.stage === stage) return undefined;
        await moveStage(tx, { registrationId: id, eventId: current.eventId, from: current.stage, to: stage, by: user.id });
        return { action: "registration.stage_change", details: { from: current.stage, to: stage } };
      }),

    setTags: (user: SessionUser, id: string, tagIds: string[], audit?: AuditContext) =>
      onRegistration(user, id, audit, async (tx) => {
        const unique = [...new Set(tagIds)];
        if ((await tagsRepo.countTags(unique, tx)) !== unique.length) throw panelErrors.unknownTags();
        await tagsRepo.setRegistrationTags(id, unique, user.id, tx);
        return { action: "registration.tags_change", details: { tagIds: unique } };
      }),

    async panel(user: SessionUser, id: string): Promise<RegistrationPanel> {
      const found = await createRegistrationsRepository(db).findById(id);
      if (!found) throw panelErrors.notFound();
      const [notes, history] = await Promise.all([repo.notes(id), repo.stageHistory(id)]);
      const mine = notes.find((note) => note.userId === user.id);
      return {
        panel: {
          average: found.panelAverage === null ? null : Number(found.panelAverage),
          count: found.panelCount,
          spread: found.panelMin === null || found.panelMax === null ? null : found.panelMax - found.panelMin,
          mine: mine?.score ?? null,
        },
        myNote: mine?.note ?? null,
        notes: notes
          .filter((note): note is typeof note & { note: string } => note.note !== null)
          .map((note) => ({
            author: { id: note.userId, name: note.authorName ?? "" },
            note: note.note,
            updatedAt: note.updatedAt.toISOString(),
            mine: note.userId === user.id,
          })),
        stageHistory: history.map((change) => ({
          from: change.from,
          to: change.to,
          by: change.byId ? { id: change.byId, name: change.byName ?? "" } : null,
          at: change.at.toISOString(),
        })),
      };
    },

    related: (reader: SessionUser, id: string) => relatedOf(db, reader, id),
  };
}

export type PanelService = ReturnType<typeof createPanelService>;

/** Admins define the agency's tags (the routes check); a tag's name is unique whatever its case. */
export function createTagsService({ db }: { db: Db }) {
  const repo = createTagsRepository(db);
  return {
    listTags: (): Promise<Tag[]> => repo.listTags(),

    async createTag(name: string): Promise<Tag> {
      try {
        const row = await repo.createTag(name);
        if (!row) throw new Error("tag insert returned no row");
        return row;
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw panelErrors.tagExists();
        throw error;
      }
    },

    async renameTag(id: string, name: string): Promise<Tag> {
      try {
        const row = await repo.renameTag(id, name);
        if (!row) throw panelErrors.tagNotFound();
        return row;
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw panelErrors.tagExists();
        throw error;
      }
    },

    async deleteTag(id: string): Promise<void> {
      if (!(await repo.deleteTag(id))) throw panelErrors.tagNotFound();
    },
  };
}
