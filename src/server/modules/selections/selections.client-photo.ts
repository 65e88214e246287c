/**
 * A photo of a selection as its client sees it (issue 36): one of a member's registration's photos,
 * read from the object store, made smaller and watermarked with the agency's and the client's names
 * (selections.watermark.ts); recorded in the audit trail once per link, photo and hour.
 */
import { t } from "@common/i18n";
import type { PhotoSize } from "@common/photos";
import { recordAuditOncePerHourAs } from "../audit/audit.record";
import { photoErrors } from "../photos/photos.errors";
import { clientAudit, openShare, type ClientDeps, type ClientRequest } from "./selections.client-access";
import { selectionErrors } from "./selections.errors";
import { CLIENT_PHOTO_SIDE, watermarked } from "./selections.watermark";

/** The stored thumbnail's side (320 px) serves the grid; the large one, made smaller, the detail. */
const SIDE: Record<PhotoSize, number> = { thumb: 320, large: CLIENT_PHOTO_SIDE };

async function bytesOf(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The stored file's bytes; 404 when it is gone, 503 when the store does not answer. */
async function storedBytes(deps: ClientDeps, key: string): Promise<Buffer> {
  try {
    const object = await deps.storage.get(key);
    if (!object) throw photoErrors.missing();
    return await bytesOf(object.body);
  } catch (error) {
    if (error instanceof Error && error.name === "AppError") throw error;
    throw photoErrors.storageUnavailable();
  }
}

export async function clientPhoto(
  deps: ClientDeps,
  asked: { token: string; memberId: string; photoId: string; size: PhotoSize },
  request: ClientRequest,
  now: Date,
): Promise<Buffer> {
  const share = await openShare(deps, asked.token, request, now);
  const member = await deps.repo.member(share.selectionId, asked.memberId);
  const photo = member ? await deps.repo.photoOf(member.registrationId, asked.photoId) : undefined;
  if (!member || !photo) throw selectionErrors.linkGone();
  const stored = await storedBytes(deps, asked.size === "thumb" ? photo.thumbKey : photo.largeKey);
  const agency = (await deps.agency.current()).name;
  const image = await watermarked(stored, SIDE[asked.size], {
    agency,
    line: t("selections.client.watermark", { agency, client: share.clientName }),
  });
  const audit = clientAudit(share, request);
  await recordAuditOncePerHourAs(
    deps.db,
    {
      ...audit,
      action: "selection.client_photo_view",
      registrationId: member.registrationId,
      eventId: member.eventId,
      details: { ...audit.details, kind: photo.kind, size: asked.size },
      at: now,
    },
    `${share.id}:${photo.id}`,
  );
  return image;
}
