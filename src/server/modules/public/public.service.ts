/**
 * The public visitor's operations: read an active event, register (capacity and duplicates hold
 * under concurrency: public.registration.ts), look up the success page, verify the e-mail
 * (public.verification.ts).
 */
import type { PublicRegistration, RegistrationRequest, WalkInRegistration } from "@common/schemas/registration";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { newSecretToken, sha256 } from "../../lib/tokens";
import { createTimeslotsRepository, type TimeslotsRepository } from "../events/timeslots.repository";
import { PHOTO_KINDS, type PhotoSetting } from "@common/photos";
import { photoErrors } from "../photos/photos.errors";
import { createPhotosRepository, type PhotosRepository } from "../photos/photos.repository";
import { photoConsentNeeded } from "@common/privacy/consent";
import { isSlug } from "@common/slugs";
import { publicCaches } from "./public.cache";
import { consentValues } from "./public.consent";
import { publicErrors } from "./public.errors";
import { createRegistrationWriter, type RegistrationResult } from "./public.registration";
import { createPublicRepository } from "./public.repository";
import { createVerification } from "./public.verification";
import { createWalkIns, type WalkInResult } from "./public.walk-in";
import { newRegistrationCode } from "./registration-code.generator";
import { createShareRepository } from "./share.repository";

export type { RegistrationResult } from "./public.registration";
export type { VerifyOutcome } from "./public.verification";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The consent and guardian columns for a registration's body, or 400 consent_required (public.consent.ts). */
async function consentFor(
  noticeVersion: () => Promise<number>,
  photoSetting: PhotoSetting,
  input: Omit<PublicRegistration, "timeslotId">,
) {
  return consentValues(input, {
    currentNoticeVersion: await noticeVersion(),
    photoConsentNeeded: photoConsentNeeded(
      photoSetting,
      PHOTO_KINDS.some((kind) => input.photos?.[kind]),
    ),
    now: new Date(),
  });
}

/** An event's slots as the visitor sees them: each one's room, and whether it has started (issue 19). */
async function publicTimeslots(timeslotsRepo: TimeslotsRepository, eventId: string, now = new Date()) {
  const timeslots = (await timeslotsRepo.listByEvents([eventId])).get(eventId) ?? [];
  const started = await timeslotsRepo.startedAmong(
    timeslots.map((slot) => slot.id),
    now,
  );
  // Picked: how many others registered is the staff's business, not the visitor's.
  return timeslots.map(({ id, startTime, endTime, capacity, availableSpots }) => ({
    id,
    startTime,
    endTime,
    capacity,
    availableSpots,
    started: started.has(id),
  }));
}

/**
 * The registration's photos against the event's setting and their rows: each an upload for this
 * event, of its kind, not used by another registration. (The statement claims them, and fails
 * should another registration claim one in between.)
 */
async function checkPhotos(
  photosRepo: PhotosRepository,
  eventId: string,
  setting: PhotoSetting,
  given: PublicRegistration["photos"],
) {
  const wanted = PHOTO_KINDS.filter((kind) => given?.[kind]);
  if (setting === "off") {
    if (wanted.length > 0) throw photoErrors.notAccepted();
    return;
  }
  if (setting === "required") {
    const missing = PHOTO_KINDS.find((kind) => !given?.[kind]);
    if (missing) throw photoErrors.required(missing);
  }
  if (wanted.length === 0) return;
  const rows = new Map((await photosRepo.findByIds(wanted.map((kind) => given![kind]!))).map((row) => [row.id, row]));
  for (const kind of wanted) {
    const row = rows.get(given![kind]!);
    if (!row || row.eventId !== eventId) throw photoErrors.invalidId(kind, "notFound");
    if (row.kind !== kind) throw photoErrors.invalidId(kind, "wrongKind");
    if (row.registrationId || row.waitlistEntryId) throw photoErrors.invalidId(kind, "taken");
  }
}

export function createPublicService({ db, config }: { db: Db; config: Config }) {
  const repo = createPublicRepository(db);
  const cards = createShareRepository(db);
  const timeslotsRepo = createTimeslotsRepository(db);
  const writer = createRegistrationWriter({ repo, config });
  const photosRepo = createPhotosRepository(db);
  const { verify } = createVerification({ db, repo, config });
  const walkIns = createWalkIns({ db, config });
  // The notice and what a registration's e-mail says of its event, reused by a rush for a second
  // (shared with every other public service of this database: public.cache.ts).
  const caches = publicCaches(db);
  const currentNoticeVersion = caches.currentNoticeVersion;

  async function getEvent(eventId: string) {
    if (!UUID.test(eventId)) throw publicErrors.eventNotFound();
    const event = await repo.findActiveEvent(eventId);
    if (!event) throw publicErrors.eventNotFound();
    const { confirmationDetails: _hiddenUntilVerified, ...shown } = event;
    return {
      ...shown,
      privacyNoticeVersion: await currentNoticeVersion(),
      timeslots: await publicTimeslots(timeslotsRepo, eventId),
      walkIns: await walkIns.today(eventId),
    };
  }

  /** The active event at `/e/<slug>`, as getEvent answers it; 404 `event_not_found` as an unknown id is. */
  async function getEventBySlug(slug: string) {
    const card = isSlug(slug) ? await cards.findActiveEventCard(slug, "slug") : undefined;
    if (!card) throw publicErrors.eventNotFound();
    return getEvent(card.id);
  }

  async function register(
    eventId: string,
    request: RegistrationRequest,
    log: FastifyBaseLogger,
  ): Promise<RegistrationResult | WalkInResult> {
    if (!UUID.test(eventId)) throw publicErrors.eventNotFound();
    // Honeypot filled: a bot. Answer like a success so it learns nothing; store nothing.
    if (request.website) {
      log.warn({ eventId }, "public registration honeypot filled; ignored");
      return { registrationCode: newRegistrationCode(), successToken: newSecretToken().token, verificationEmailQueued: true };
    }
    const { walkIn, timeslotId, ...fields } = request;
    if (walkIn !== undefined) return registerWalkIn(eventId, { ...fields, walkIn }, log);
    if (timeslotId === undefined) throw publicErrors.noTimeslot();
    const input: PublicRegistration = { ...fields, timeslotId };
    let context = await caches.registrationContext(eventId);
    // A slot added in the last moment is not in a remembered context yet: ask once more.
    if (context && !context.slots.has(input.timeslotId)) context = await caches.registrationContext(eventId, { fresh: true });
    if (!context) throw publicErrors.eventNotFound();
    const slot = context.slots.get(input.timeslotId);
    if (!slot) throw publicErrors.noTimeslot();
    await checkPhotos(photosRepo, eventId, context.photoSetting, input.photos);
    const consent = await consentFor(currentNoticeVersion, context.photoSetting, input);
    // Duplicates, a full slot, an event closed meanwhile: the registration's statement decides.
    return writer.write(eventId, input, consent, { event: context.event, slot }, log);
  }

  /** A walk-in (issue 35): the same checks of the event, its photos and the consent, then registered and checked in. */
  async function registerWalkIn(eventId: string, input: WalkInRegistration, log: FastifyBaseLogger): Promise<WalkInResult> {
    const context = await caches.registrationContext(eventId);
    if (!context) throw publicErrors.eventNotFound();
    await checkPhotos(photosRepo, eventId, context.photoSetting, input.photos);
    const consent = await consentFor(currentNoticeVersion, context.photoSetting, input);
    return walkIns.register(eventId, input, consent, context.event, log);
  }

  async function registrationSuccess(successToken: string) {
    const row = successToken ? await repo.findBySuccessTokenHash(sha256(successToken)) : undefined;
    if (!row) throw publicErrors.invalidToken();
    const { guardianStatus, guardianEmail, ...shown } = row;
    return guardianStatus === "pending" && guardianEmail ? { ...shown, guardianPendingEmail: guardianEmail } : shown;
  }

  return {
    getEvent,
    getEventBySlug,
    register,
    registrationSuccess,
    verify,
    checkPhotos: (eventId: string, setting: PhotoSetting, given: PublicRegistration["photos"]) =>
      checkPhotos(photosRepo, eventId, setting, given),
    consentFor: (photoSetting: PhotoSetting, input: PublicRegistration) => consentFor(currentNoticeVersion, photoSetting, input),
  };
}

export type PublicService = ReturnType<typeof createPublicService>;
