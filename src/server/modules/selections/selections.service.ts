/**
 * Selections for a client, the staff's side (issue 36): an admin names a selection and puts in it,
 * in an order, people who agreed to be shown to clients (a minor only once the guardian approved
 * it). Reading a selection shows its people as the caller may see them, its links for clients
 * (selections.shares.ts) and what each client marked.
 */
import { ageToday } from "@common/registrant/normalize";
import type { Selection, SelectionList, SelectionShare, SelectionSummary, ShareState } from "@common/schemas/selections";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/session.resolver";
import { photosOf } from "../registrations/registrations.photos";
import { redactFor } from "../registrations/registrations.redact";
import { selectionErrors } from "./selections.errors";
import { createMembersRepository } from "./selections.members.repository";
import { createSelectionsRepository, type SelectionsRepository } from "./selections.repository";
import { createSharesRepository, type SharesRepository } from "./selections.shares.repository";

type SummaryRow = NonNullable<Awaited<ReturnType<SelectionsRepository["find"]>>>;

const summaryToApi = (row: SummaryRow): SelectionSummary => ({
  id: row.id,
  name: row.name,
  memberCount: row.memberCount,
  activeShareCount: row.activeShareCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  createdBy: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? "" } : null,
});

function stateOf(share: { revokedAt: Date | null; expiresAt: Date }, now: Date): ShareState {
  if (share.revokedAt) return "revoked";
  return share.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

/** A selection's links, each with what its client marked (a favourite or a note). */
async function sharesOf(shares: SharesRepository, selectionId: string, now: Date): Promise<SelectionShare[]> {
  const rows = await shares.ofSelection(selectionId);
  const picks = await shares.picksOf(rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    expiresAt: row.expiresAt.toISOString(),
    hasPassword: row.hasPassword,
    state: stateOf(row, now),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    picks: picks
      .filter((pick) => pick.shareId === row.id && (pick.favourite || pick.note))
      .map((pick) => ({
        memberId: pick.memberId,
        favourite: pick.favourite,
        note: pick.note,
        updatedAt: pick.updatedAt.toISOString(),
      })),
  }));
}

export function createSelectionsService({ db }: { db: Db }) {
  const repo = createSelectionsRepository(db);
  const members = createMembersRepository(db);
  const shares = createSharesRepository(db);

  async function summary(id: string): Promise<SummaryRow> {
    const row = await repo.find(id);
    if (!row) throw selectionErrors.notFound();
    return row;
  }

  /** The selection, its people as `caller` may see them (photos with `photos.see`), its links and their picks. */
  async function get(caller: SessionUser, id: string, now = new Date()): Promise<Selection> {
    const row = await summary(id);
    const people = await members.ofSelection(id);
    const photos = await photosOf(
      db,
      people.map((member) => member.registrationId),
    );
    return {
      ...summaryToApi(row),
      members: people.map(({ dateOfBirth, ...member }) =>
        redactFor(caller, { ...member, age: ageToday(dateOfBirth), photos: photos.get(member.registrationId) ?? [] }),
      ),
      shares: await sharesOf(shares, id, now),
    };
  }

  return {
    get,

    async list(): Promise<SelectionList> {
      return { items: (await repo.list()).map(summaryToApi) };
    },

    async create(caller: SessionUser, name: string): Promise<SelectionSummary> {
      return summaryToApi(await summary(await repo.insert({ name, createdBy: caller.id })));
    },

    async rename(id: string, name: string): Promise<SelectionSummary> {
      if (!(await repo.rename(id, name))) throw selectionErrors.notFound();
      return summaryToApi(await summary(id));
    },

    /** Deletes it with its links (they answer 404 at once) and the clients' picks. */
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw selectionErrors.notFound();
    },

    /**
     * The selection holds exactly these registrations, in this order; 409 consent_required (nothing
     * changes) naming each person not to be shown to clients, 400 for ids that are no registration.
     */
    async setMembers(caller: SessionUser, id: string, registrationIds: string[]): Promise<Selection> {
      await db.transaction(async (tx) => {
        if (!(await repo.lock(id, tx))) throw selectionErrors.notFound();
        const found = await members.sharingOf(registrationIds, tx);
        const known = new Set(found.map((row) => row.id));
        const unknown = registrationIds.filter((registrationId) => !known.has(registrationId));
        if (unknown.length > 0) throw selectionErrors.unknownRegistrations(unknown);
        const order = new Map(registrationIds.map((registrationId, index) => [registrationId, index]));
        const refused = found.filter((row) => !row.allowed).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
        // One who agreed but is refused is a minor whose guardian has not approved it (yet).
        if (refused.length > 0)
          throw selectionErrors.consentRequired(refused.map((row) => ({ ...row, awaitsGuardian: row.consent })));
        await members.replace(id, registrationIds, tx);
        await repo.touch(id, tx);
      });
      return get(caller, id);
    },
  };
}

export type SelectionsService = ReturnType<typeof createSelectionsService>;
