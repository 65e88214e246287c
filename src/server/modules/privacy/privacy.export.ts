/**
 * A person's data, one archive (issue 18): data.json (every column of their registration, its event
 * and slot, consent and guardian, the e-mails sent to them or to their guardian about them, their
 * campaign receipts, their places in waiting lines in this and other events) and their photos as
 * stored (the large images), the waiting-list entries' with them. The JSON is read in one short query set
 * before the stream starts; the photos are streamed one by one from the object store, so no
 * database connection is held while the client downloads.
 */
import { ZipArchive } from "archiver";
import type { Config } from "../../config";
import type { Readable } from "node:stream";
import type { Db } from "../../db/client";
import type { ObjectStore } from "../../storage/storage";
import { createPrivacyExportRepository, type PrivacyExportRepository } from "./privacy.export.repository";
import { personalMail } from "./privacy.mail";

/** Columns that are the server's secrets, not the person's data. */
const SECRET_COLUMNS = new Set(["emailVerificationTokenHash", "successTokenHash", "searchText", "phoneKey", "nameKey"]);
/** The waiting-list entry's link tokens (hashed): the server's secrets too. */
const ENTRY_SECRET_COLUMNS = new Set(["tokenHash", "offerTokenHash"]);

const withoutColumns = (row: Record<string, unknown>, secret: Set<string>) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !secret.has(key)));

/**
 * The person's places in waiting lines, in every event, matched as an erasure matches them
 * (privacy.erase.ts): the entry that became this registration, and every entry of its address
 * (a guardian's own place in a line is the guardian's). Each with its event, its slot and its photos.
 */
async function waitingListOf(repo: PrivacyExportRepository, registration: { id: string; email: string }) {
  const rows = await repo.waitlistEntriesOf(registration);
  const entryPhotos = await repo.photosOfEntries(rows.map((row) => row.entry.id));
  const fileOf = (entryId: string, kind: string) => `waitlist/${entryId}/${kind}.jpg`;
  return {
    entries: rows.map(({ entry, event, timeslot }) => ({
      ...withoutColumns(entry, ENTRY_SECRET_COLUMNS),
      event: { eventName: event.eventName, eventDate: event.eventDate, location: event.location },
      timeslot: timeslot ? { startTime: timeslot.startTime, endTime: timeslot.endTime } : null,
      photos: entryPhotos
        .filter((p) => p.entryId === entry.id)
        .map((p) => ({ kind: p.kind, file: fileOf(entry.id, p.kind), uploadedAt: p.createdAt })),
    })),
    photoKeys: entryPhotos.map((p) => ({ name: fileOf(p.entryId!, p.kind), key: p.largeKey })),
  };
}

export interface PersonalData {
  data: Record<string, unknown>;
  photoKeys: Array<{ name: string; key: string }>;
}

/** Everything held about one registration's person; undefined when there is no such registration. */
export async function collectPersonalData(
  db: Db,
  config: Pick<Config, "authSecret">,
  registrationId: string,
  exportedAt: Date,
): Promise<PersonalData | undefined> {
  const repo = createPrivacyExportRepository(db);
  const row = await repo.findRegistrationWithEvent(registrationId);
  if (!row) return undefined;
  const registration = withoutColumns(row.registration, SECRET_COLUMNS);
  const emails = await repo.mail(personalMail(config, row.registration));
  const campaigns = await repo.campaignReceipts(registrationId);
  const photoRows = await repo.photosOfRegistration(registrationId);
  const waitingList = await waitingListOf(repo, row.registration);
  return {
    data: {
      exportedAt: exportedAt.toISOString(),
      registration,
      event: { eventName: row.event.eventName, eventDate: row.event.eventDate, location: row.event.location },
      timeslot: row.timeslot ? { startTime: row.timeslot.startTime, endTime: row.timeslot.endTime } : null,
      consent: {
        privacyNoticeVersion: row.registration.privacyNoticeVersion,
        consentedAt: row.registration.consentedAt,
        dataProcessing: row.registration.consentDataProcessing,
        photoScouting: row.registration.consentPhotoScouting,
        clientSharing: row.registration.consentClientSharing,
        clientSharingAt: row.registration.consentClientSharingAt,
      },
      guardian: {
        name: row.registration.guardianName,
        email: row.registration.guardianEmail,
        status: row.registration.guardianStatus,
        decidedAt: row.registration.guardianDecidedAt,
      },
      emails,
      campaigns,
      photos: photoRows.map((p) => ({ kind: p.kind, file: `photos/${p.kind}.jpg`, uploadedAt: p.createdAt })),
      waitingList: waitingList.entries,
    },
    photoKeys: [...photoRows.map((p) => ({ name: `photos/${p.kind}.jpg`, key: p.largeKey })), ...waitingList.photoKeys],
  };
}

export const exportFilename = (registrationCode: unknown) =>
  `opencall-data-${String(registrationCode).replace(/[^A-Za-z0-9-]/g, "")}.zip`;

/** The zip, streamed: data.json first, then each photo fetched from the store as the archive reaches it. */
export function personalDataArchive(personal: PersonalData, storage: ObjectStore): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  archive.append(JSON.stringify(personal.data, null, 2), { name: "data.json" });
  void (async () => {
    try {
      for (const { name, key } of personal.photoKeys) {
        const stored = await storage.get(key);
        if (stored) archive.append(stored.body, { name });
      }
      await archive.finalize();
    } catch (error) {
      archive.destroy(error as Error);
    }
  })();
  return archive;
}
