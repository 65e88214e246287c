/**
 * Selections for a client, the staff's side (issue 36): an admin names a selection, puts in it, in
 * an order, people who agreed to be shown to clients (a minor only with the guardian's approval of
 * it), shares it through links that expire within SHARE_MAX_DAYS and may ask a password, and
 * revokes a link at once. Reading a selection shows its people as the caller may see them and what
 * each client marked. Making and revoking a link are audited.
 */
import { ageToday } from "@common/registrant/normalize";
import {
  SHARE_MAX_DAYS,
  sharePagePath,
  type CreatedShare,
  type Selection,
  type SelectionList,
  type SelectionShare,
  type SelectionSummary,
  type ShareState,
  type createShareSchema,
} from "@common/schemas/selections";
import { t } from "@common/i18n";
import { hashPassword } from "better-auth/crypto";
import type { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { newSecretToken } from "../../lib/tokens";
import type { SessionUser } from "../accounts/session.resolver";
import { recordAudit, type AuditContext } from "../audit/audit.record";
import { photosOf } from "../registrations/registrations.photos";
import { redactFor } from "../registrations/registrations.redact";
import { selectionErrors } from "./selections.errors";
import { createSelectionsRepository } from "./selections.repository";
import { createSharesRepository } from "./selections.shares.repository";

type SummaryRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createSelectionsRepository>["find"]>>>;

const DAY_MS = 86_400_000;

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

export function createSelectionsService({ db, config }: { db: Db; config: Pick<Config, "publicUrl"> }) {
  const repo = createSelectionsRepository(db);
  const shares = createSharesRepository(db);

  async function summary(id: string): Promise<SummaryRow> {
    const row = await repo.find(id);
    if (!row) throw selectionErrors.notFound();
    return row;
  }

  async function sharesOf(selectionId: string, now: Date): Promise<SelectionShare[]> {
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

  /** The expiry asked for, or 400: an instant in the future, at most SHARE_MAX_DAYS away. */
  function expiryOf(expiresAt: string, now: Date): Date {
    const at = new Date(expiresAt);
    if (at.getTime() <= now.getTime()) throw selectionErrors.expiry(t("selections.errors.expiryPast"));
    if (at.getTime() - now.getTime() > SHARE_MAX_DAYS * DAY_MS)
      throw selectionErrors.expiry(t("selections.errors.expiryTooFar", { days: SHARE_MAX_DAYS }));
    return at;
  }

  return {
    async list(): Promise<SelectionList> {
      return { items: (await repo.list()).map(summaryToApi) };
    },

    async create(caller: SessionUser, name: string): Promise<SelectionSummary> {
      const id = await repo.insert({ name, createdBy: caller.id });
      return summaryToApi(await summary(id));
    },

    /** The selection, its people as `caller` may see them (photos with `photos.see`), its links and their picks. */
    async get(caller: SessionUser, id: string, now = new Date()): Promise<Selection> {
      const row = await summary(id);
      const members = await repo.members(id);
      const photos = await photosOf(
        db,
        members.map((member) => member.registrationId),
      );
      return {
        ...summaryToApi(row),
        members: members.map(({ dateOfBirth, ...member }) =>
          redactFor(caller, { ...member, age: ageToday(dateOfBirth), photos: photos.get(member.registrationId) ?? [] }),
        ),
        shares: await sharesOf(id, now),
      };
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
        const found = await repo.sharingOf(registrationIds, tx);
        const known = new Set(found.map((row) => row.id));
        const unknown = registrationIds.filter((registrationId) => !known.has(registrationId));
        if (unknown.length > 0) throw selectionErrors.unknownRegistrations(unknown);
        const refused = found.filter((row) => !row.allowed);
        if (refused.length > 0) {
          const order = new Map(registrationIds.map((registrationId, index) => [registrationId, index]));
          refused.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
          throw selectionErrors.consentRequired(refused.map((row) => ({ ...row, awaitsGuardian: row.consent })));
        }
        await repo.replaceMembers(id, registrationIds, tx);
        await repo.touch(id, tx);
      });
      return this.get(caller, id);
    },

    /** A new link for a client: its URL (the token in it) is answered this once, only its hash kept. */
    async share(
      caller: SessionUser,
      selectionId: string,
      input: z.output<typeof createShareSchema>,
      audit: AuditContext,
      now = new Date(),
    ): Promise<CreatedShare> {
      const expiresAt = expiryOf(input.expiresAt, now);
      // Hashed before the transaction: scrypt takes a while, and holds no connection meanwhile.
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const { token, hash } = newSecretToken();
      const id = await db.transaction(async (tx) => {
        if (!(await repo.lock(selectionId, tx))) throw selectionErrors.notFound();
        const shareId = await shares.insert(
          {
            selectionId,
            clientName: input.clientName,
            clientEmail: input.clientEmail,
            tokenHash: hash,
            passwordHash,
            expiresAt,
            createdBy: caller.id,
          },
          tx,
        );
        await repo.touch(selectionId, tx);
        await recordAudit(tx, {
          ...audit,
          action: "selection.share",
          details: {
            selectionId,
            shareId,
            share: input.clientName,
            expiresAt: expiresAt.toISOString(),
            password: passwordHash !== null,
          },
        });
        return shareId;
      });
      return { id, url: `${config.publicUrl}${sharePagePath(token)}` };
    },

    /** Revokes a link: from the next request on, it and its photos answer 404. */
    async revoke(shareId: string, audit: AuditContext, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        const revoked = await shares.revoke(shareId, now, tx);
        if (!revoked) throw selectionErrors.shareNotFound();
        await repo.touch(revoked.selectionId, tx);
        await recordAudit(tx, {
          ...audit,
          action: "selection.share_revoke",
          details: { selectionId: revoked.selectionId, shareId, share: revoked.clientName },
        });
      });
    },
  };
}

export type SelectionsService = ReturnType<typeof createSelectionsService>;
