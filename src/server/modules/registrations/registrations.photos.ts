/** The photo references the staff's registration replies carry (issue 17). */
import { PHOTO_KINDS, type RegistrationPhotoRef } from "@common/photos";
import type { Db } from "../../db/client";
import { createPhotosRepository } from "../photos/photos.repository";

/** The photos each registration holds (kind and id: the id versions the staff's photo URL), in the kinds' order. */
export async function photosOf(db: Db, ids: string[]): Promise<Map<string, RegistrationPhotoRef[]>> {
  const found = new Map<string, RegistrationPhotoRef[]>();
  for (const row of await createPhotosRepository(db).listOfRegistrations(ids)) {
    if (!row.registrationId) continue;
    found.set(row.registrationId, [...(found.get(row.registrationId) ?? []), { kind: row.kind, id: row.id }]);
  }
  for (const list of found.values()) list.sort((a, b) => PHOTO_KINDS.indexOf(a.kind) - PHOTO_KINDS.indexOf(b.kind));
  return found;
}

export async function withPhotos<T extends { id: string }>(
  db: Db,
  items: T[],
): Promise<Array<T & { photos: RegistrationPhotoRef[] }>> {
  const photos = await photosOf(
    db,
    items.map((item) => item.id),
  );
  return items.map((item) => ({ ...item, photos: photos.get(item.id) ?? [] }));
}
