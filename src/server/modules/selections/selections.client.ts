/**
 * Selections for a client, the client's side (issue 36): no account, the link's token is the key. A
 * link that is unknown, expired or revoked answers 404 for its page and for every photo under it; one
 * that asks a password answers 401 until it is unlocked (a signed cookie, selections.grant.ts).
 *
 * The client sees of each person their photos (made smaller, watermarked with the agency's and the
 * client's names, under the link, never a stored file's address), first name, age, height,
 * measurements and city, and nothing else; they mark favourites and notes. Each opening and each
 * photo seen (once per photo and hour) is in the audit trail with the link's client and address; a
 * favourite raises the `selection.favourited` webhook in its own transaction.
 */
import { t } from "@common/i18n";
import { ageToday } from "@common/registrant/normalize";
import { shareApiPath, type ClientPick, type ClientSelection } from "@common/schemas/selections";
import type { PhotoSize } from "@common/photos";
import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { sha256 } from "../../lib/tokens";
import type { ObjectStore } from "../../storage/storage";
import type { AgencyService } from "../agency/agency.service";
import { recordAudit, recordAuditOncePerHourAs } from "../audit/audit.record";
import { photoErrors } from "../photos/photos.errors";
import { photosOf } from "../registrations/registrations.photos";
import { recordWebhookEvent } from "../webhooks/webhooks.events";
import { selectionErrors } from "./selections.errors";
import { createShareGrants } from "./selections.grant";
import { createSharesRepository } from "./selections.shares.repository";
import { CLIENT_PHOTO_SIDE, watermarked } from "./selections.watermark";

/** A link's token as made (newSecretToken: 43 base64url characters); anything else opens nothing. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The stored thumbnail's side (320 px) serves the grid; the large one, made smaller, the detail. */
const SIDE: Record<PhotoSize, number> = { thumb: 320, large: CLIENT_PHOTO_SIDE };

/** Who asks: the client's address (the audit trail's), and their cookies (an unlocked link's grant). */
export interface ClientRequest {
  ip: string | null;
  cookie: string | undefined;
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? "";

async function bytesOf(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function createSelectionsClient(deps: {
  db: Db;
  config: Pick<Config, "authSecret" | "isProduction">;
  storage: ObjectStore;
  agency: AgencyService;
}) {
  const { db, storage, agency } = deps;
  const repo = createSharesRepository(db);
  const grants = createShareGrants(deps.config);

  /** The live link of `token`, or 404. */
  async function liveShare(token: string, now: Date) {
    const share = TOKEN.test(token) ? await repo.findLive(sha256(token), now) : undefined;
    if (!share) throw selectionErrors.linkGone();
    return share;
  }

  /** The live link, opened: 401 while it asks a password not given in this browser. */
  async function openShare(token: string, request: ClientRequest, now: Date) {
    const share = await liveShare(token, now);
    if (share.passwordHash && !grants.holds(request.cookie, share.id)) throw selectionErrors.locked();
    return share;
  }

  const auditOf = (share: { id: string; selectionId: string; clientName: string }, request: ClientRequest) => ({
    actor: null,
    ip: request.ip,
    details: { selectionId: share.selectionId, shareId: share.id, share: share.clientName },
  });

  return {
    /** The selection as the client sees it; each opening is audited. */
    async view(token: string, request: ClientRequest, now = new Date()): Promise<ClientSelection> {
      const share = await openShare(token, request, now);
      const members = await repo.clientMembers(share.selectionId, share.id);
      const photos = await photosOf(
        db,
        members.map((member) => member.registrationId),
      );
      await db.transaction(async (tx) => {
        await repo.markOpened(share.id, now, tx);
        await recordAudit(tx, { ...auditOf(share, request), action: "selection.client_view", at: now });
      });
      const base = shareApiPath(token);
      return {
        agency: { name: (await agency.current()).name },
        name: share.selectionName,
        clientName: share.clientName,
        expiresAt: share.expiresAt.toISOString(),
        members: members.map((member) => ({
          id: member.id,
          firstName: firstName(member.fullName),
          age: ageToday(member.dateOfBirth),
          height: member.height,
          bust: member.bust,
          waist: member.waist,
          hips: member.hips,
          location: member.location,
          photos: (photos.get(member.registrationId) ?? []).map((photo) => {
            const url = `${base}/photos/${member.id}/${photo.id}`;
            return { id: photo.id, kind: photo.kind, url, thumbUrl: `${url}?size=thumb` };
          }),
          favourite: member.favourite,
          note: member.note,
        })),
      };
    },

    /**
     * Unlocks a link that asks a password: the grant cookie's Set-Cookie value. A wrong password and
     * a link that does not open get the same answer, after the same work.
     */
    async unlock(token: string, password: string, now = new Date()): Promise<string> {
      const share = TOKEN.test(token) ? await repo.findLive(sha256(token), now) : undefined;
      // A link without a password opens without one: its "unlock" succeeds and grants nothing more.
      const hash = share ? share.passwordHash : await decoyHash();
      const right = hash === null || (await verifyPassword({ hash, password }));
      if (!share || !right) throw selectionErrors.wrongPassword();
      return grants.issue(share.id, shareApiPath(token), share.expiresAt);
    },

    /** A photo of a member of the selection, smaller and watermarked; audited once per photo and hour. */
    async photo(
      token: string,
      memberId: string,
      photoId: string,
      size: PhotoSize,
      request: ClientRequest,
      now = new Date(),
    ): Promise<Buffer> {
      const share = await openShare(token, request, now);
      const member = await repo.clientMember(share.selectionId, memberId);
      const photo = member ? await repo.photoOf(member.registrationId, photoId) : undefined;
      if (!member || !photo) throw selectionErrors.linkGone();
      let stored: Buffer;
      try {
        const object = await storage.get(size === "thumb" ? photo.thumbKey : photo.largeKey);
        if (!object) throw photoErrors.missing();
        stored = await bytesOf(object.body);
      } catch (error) {
        if (error instanceof Error && error.name === "AppError") throw error;
        throw photoErrors.storageUnavailable();
      }
      const agencyName = (await agency.current()).name;
      const image = await watermarked(stored, SIDE[size], {
        agency: agencyName,
        line: t("selections.client.watermark", { agency: agencyName, client: share.clientName }),
      });
      const audit = auditOf(share, request);
      await recordAuditOncePerHourAs(
        db,
        {
          ...audit,
          action: "selection.client_photo_view",
          registrationId: member.registrationId,
          eventId: member.eventId,
          details: { ...audit.details, kind: photo.kind, size },
          at: now,
        },
        `${share.id}:${photo.id}`,
      );
      return image;
    },

    /** The client's favourite and/or note on one person; a new favourite raises `selection.favourited`. */
    async pick(
      token: string,
      memberId: string,
      change: { favourite?: boolean | undefined; note?: string | null | undefined },
      request: ClientRequest,
      now = new Date(),
    ): Promise<ClientPick> {
      const share = await openShare(token, request, now);
      const note = change.note === undefined ? undefined : change.note?.trim() || null;
      return db.transaction(async (tx) => {
        const member = await repo.clientMember(share.selectionId, memberId, tx);
        if (!member) throw selectionErrors.memberNotFound();
        const before = await repo.lockPick(share.id, memberId, tx);
        const saved = await repo.savePick(
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
    },
  };
}

/**
 * A hash of a random password nobody knows, checked when the link does not open, so that the answer
 * takes as long as a wrong password's (made once, when first needed: scrypt is slow).
 */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(32).toString("base64url")));

export type SelectionsClient = ReturnType<typeof createSelectionsClient>;
