/**
 * Photos: a public upload before the registration exists (claimed by the registration's statement,
 * public.repository.ts), the staff's reading, replacing and removing of a registration's photos.
 * The bytes go to the object store; the rows say where. A row is written before its files and
 * deleted (its files queued for removal by a trigger) when they cannot be written: a file never
 * outlives the row that finds it.
 */
import { randomUUID } from "node:crypto";
import type { PhotoKind, PhotoSize } from "@common/photos";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { modelRegistrations } from "../../db/schema";
import type { Db } from "../../db/client";
import type { ObjectStore } from "../../storage/storage";
import { recordAuditOf, type AuditContext } from "../audit/audit.record";
import { eventErrors } from "../events/events.errors";
import { registrationErrors } from "../registrations/registrations.errors";
import { createPhotosRepository } from "./photos.repository";
import { photoErrors } from "./photos.errors";
import type { ProcessedPhoto } from "./photos.image";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const photoKeys = (eventId: string, photoId: string) => ({
  largeKey: `photos/${eventId}/${photoId}-large.jpg`,
  thumbKey: `photos/${eventId}/${photoId}-thumb.jpg`,
});

async function registrationEvent(db: Db, registrationId: string): Promise<string> {
  const [row] = await db
    .select({ eventId: modelRegistrations.eventId })
    .from(modelRegistrations)
    .where(eq(modelRegistrations.id, registrationId));
  if (!row) throw registrationErrors.notFound();
  return row.eventId;
}

export function createPhotosService({ db, storage }: { db: Db; storage: ObjectStore }) {
  const repo = createPhotosRepository(db);

  /** Writes the row, then the files; the row goes (its files queued) when the store fails. */
  async function store(eventId: string, kind: PhotoKind, photo: ProcessedPhoto, log: FastifyBaseLogger): Promise<string> {
    const id = randomUUID();
    const keys = photoKeys(eventId, id);
    const row = {
      id,
      eventId,
      kind,
      ...keys,
      width: photo.width,
      height: photo.height,
      largeBytes: photo.large.length,
      thumbBytes: photo.thumb.length,
    };
    await repo.insert(row);
    try {
      await storage.put(keys.largeKey, photo.large, "image/jpeg");
      await storage.put(keys.thumbKey, photo.thumb, "image/jpeg");
    } catch (error) {
      log.error({ err: error }, "photo: the object store refused the files; the photo is dropped");
      await repo.deleteByIds([id]);
      throw photoErrors.storageUnavailable();
    }
    return id;
  }

  /** Whether the event takes uploads: active, photos not off. Checked before the body is read. */
  async function checkEventTakesPhotos(eventId: string): Promise<void> {
    if (!UUID.test(eventId)) throw eventErrors.notFound();
    const setting = await repo.activeEventPhotoSetting(eventId);
    if (!setting) throw eventErrors.notFound();
    if (setting === "off") throw photoErrors.notAccepted();
  }

  async function upload(eventId: string, kind: PhotoKind, photo: ProcessedPhoto, log: FastifyBaseLogger) {
    return { photoId: await store(eventId, kind, photo, log) };
  }

  /** Staff: the registration's photo of this kind becomes this one (the previous one deleted); audited. */
  async function replace(
    registrationId: string,
    kind: PhotoKind,
    photo: ProcessedPhoto,
    log: FastifyBaseLogger,
    audit?: AuditContext,
  ) {
    const eventId = await registrationEvent(db, registrationId);
    const id = await store(eventId, kind, photo, log);
    // The previous photo of this kind goes first (its files queued): one photo per kind.
    await db.transaction(async (tx) => {
      const previous = await repo.findOfRegistration(registrationId, kind, tx);
      if (previous) await repo.deleteByIds([previous.id], tx);
      await repo.claim(id, registrationId, tx);
      await recordAuditOf(tx, audit, { action: "registration.photo_replace", registrationId, eventId, details: { kind } });
    });
    return { photoId: id };
  }

  /** Staff: the registration's photo of this kind goes (its files queued); audited. */
  async function remove(registrationId: string, kind: PhotoKind, audit?: AuditContext) {
    const eventId = await registrationEvent(db, registrationId);
    await db.transaction(async (tx) => {
      const previous = await repo.findOfRegistration(registrationId, kind, tx);
      if (!previous) throw photoErrors.missing();
      await repo.deleteByIds([previous.id], tx);
      await recordAuditOf(tx, audit, { action: "registration.photo_remove", registrationId, eventId, details: { kind } });
    });
  }

  /** The registration's photo of this kind (its row: its id is its version), for staff. */
  async function find(registrationId: string, kind: PhotoKind) {
    const photo = await repo.findOfRegistration(registrationId, kind);
    if (!photo) throw photoErrors.missing();
    return photo;
  }

  /** The event of a registration (404 for none): a caller confined to one event is checked against it first. */
  const eventOf = (registrationId: string) => registrationEvent(db, registrationId);

  /** The stored file of a photo `find` answered. */
  async function open(photo: Awaited<ReturnType<typeof find>>, size: PhotoSize) {
    try {
      const object = await storage.get(size === "thumb" ? photo.thumbKey : photo.largeKey);
      if (!object) throw photoErrors.missing();
      return object;
    } catch (error) {
      if (error instanceof Error && error.name === "AppError") throw error;
      throw photoErrors.storageUnavailable();
    }
  }

  return { checkEventTakesPhotos, upload, replace, remove, find, eventOf, open };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
