/**
 * Selections for a client, the client's side (issue 36): no account, the link's token is the key. A
 * link that is unknown, expired or revoked answers 404 for its page and for every photo under it; one
 * that asks a password answers 401 until it is unlocked (a signed cookie, selections.grant.ts).
 *
 * The client sees of each person their photos (selections.client-photo.ts: under the link, smaller,
 * watermarked), first name, age, height, measurements and city, and nothing else; they mark
 * favourites and notes. Each opening is in the audit trail with the link's client and address; a
 * new favourite raises the `selection.favourited` webhook in its own transaction.
 */
import { ageToday } from "@common/registrant/normalize";
import { shareApiPath, type ClientPick, type ClientSelection } from "@common/schemas/selections";
import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { sha256 } from "../../lib/tokens";
import type { ObjectStore } from "../../storage/storage";
import type { AgencyService } from "../agency/agency.service";
import { recordAudit } from "../audit/audit.record";
import { photosOf } from "../registrations/registrations.photos";
import { recordWebhookEvent } from "../webhooks/webhooks.events";
import { clientAudit, isLinkToken, openShare, type ClientDeps, type ClientRequest } from "./selections.client-access";
import { createClientRepository } from "./selections.client.repository";
import { clientPhoto } from "./selections.client-photo";
import { selectionErrors } from "./selections.errors";
import { createShareGrants } from "./selections.grant";

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? "";

/** The selection as the client sees it; each opening is audited. */
async function view(deps: ClientDeps, token: string, request: ClientRequest, now: Date): Promise<ClientSelection> {
  const share = await openShare(deps, token, request, now);
  const members = await deps.repo.members(share.selectionId, share.id);
  const photos = await photosOf(
    deps.db,
    members.map((member) => member.registrationId),
  );
  await deps.db.transaction(async (tx) => {
    await deps.repo.markOpened(share.id, now, tx);
    await recordAudit(tx, { ...clientAudit(share, request), action: "selection.client_view", at: now });
  });
  const base = shareApiPath(token);
  return {
    agency: { name: (await deps.agency.current()).name },
    name: share.selectionName,
    clientName: share.clientName,
    expiresAt: share.expiresAt.toISOString(),
    members: members.map(({ registrationId, fullName, dateOfBirth, ...member }) => ({
      ...member,
      firstName: firstName(fullName),
      age: ageToday(dateOfBirth),
      photos: (photos.get(registrationId) ?? []).map((photo) => {
        const url = `${base}/photos/${member.id}/${photo.id}`;
        return { id: photo.id, kind: photo.kind, url, thumbUrl: `${url}?size=thumb` };
      }),
    })),
  };
}

/**
 * A hash of a random password nobody knows, checked when the link does not open, so that the answer
 * takes as long as a wrong password's (made once, when first needed: scrypt is slow).
 */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(32).toString("base64url")));

/**
 * Unlocks a link that asks a password: the grant cookie's Set-Cookie value. A wrong password and a
 * link that does not open get the same answer, after the same work.
 */
async function unlock(deps: ClientDeps, token: string, password: string, now: Date): Promise<string> {
  const share = isLinkToken(token) ? await deps.repo.findLive(sha256(token), now) : undefined;
  // A link without a password opens without one: its unlock succeeds and grants nothing more.
  const hash = share ? share.passwordHash : await decoyHash();
  const right = hash === null || (await verifyPassword({ hash, password }));
  if (!share || !right) throw selectionErrors.wrongPassword();
  return deps.grants.issue(share.id, shareApiPath(token), share.expiresAt);
}

type PickChange = { favourite?: boolean | undefined; note?: string | null | undefined };

/** The client's favourite and/or note on one person; a new favourite raises `selection.favourited`. */
async function pick(deps: ClientDeps, token: string, memberId: string, change: PickChange, request: ClientRequest, now: Date) {
  const share = await openShare(deps, token, request, now);
  const note = change.note === undefined ? undefined : change.note?.trim() || null;
  return deps.db.transaction(async (tx): Promise<ClientPick> => {
    const member = await deps.repo.member(share.selectionId, memberId, tx);
    if (!member) throw selectionErrors.memberNotFound();
    const before = await deps.repo.lockPick(share.id, memberId, tx);
    const saved = await deps.repo.savePick(
      share.id,
      memberId,
      { ...(change.favourite === undefined ? {} : { favourite: change.favourite }), ...(note === undefined ? {} : { note }) },
      tx,
    );
    if (saved.favourite && !before?.favourite)
      await recordWebhookEvent(tx, {
        type: "selection.favourited",
        subjectId: member.registrationId,
        data: {
          registrationId: member.registrationId,
          eventId: member.eventId,
          selectionId: share.selectionId,
          shareId: share.id,
          client: share.clientName,
        },
      });
    return { memberId, favourite: saved.favourite, note: saved.note };
  });
}

export function createSelectionsClient(deps: {
  db: Db;
  config: Pick<Config, "authSecret" | "isProduction">;
  storage: ObjectStore;
  agency: AgencyService;
}) {
  const client: ClientDeps = { ...deps, repo: createClientRepository(deps.db), grants: createShareGrants(deps.config) };
  return {
    view: (token: string, request: ClientRequest, now = new Date()) => view(client, token, request, now),
    unlock: (token: string, password: string, now = new Date()) => unlock(client, token, password, now),
    photo: (
      token: string,
      memberId: string,
      photoId: string,
      size: "thumb" | "large",
      request: ClientRequest,
      now = new Date(),
    ) => clientPhoto(client, { token, memberId, photoId, size }, request, now),
    pick: (token: string, memberId: string, change: PickChange, request: ClientRequest, now = new Date()) =>
      pick(client, token, memberId, change, request, now),
  };
}

export type SelectionsClient = ReturnType<typeof createSelectionsClient>;
