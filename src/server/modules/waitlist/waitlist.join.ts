/**
 * Joining a slot's waiting list (issue 19): the public form's body, checked like a registration
 * (the event active, the slot its own, the photos) and refused for a slot that has started (it is
 * offered to nobody: ADR 017), stored with its photos claimed, the e-mail that
 * confirms the place in line queued, and, should the slot have room, the spot offered at once: all
 * in one transaction. The database refuses a second place in line, and a place in line for someone
 * registered in the event (migration 0010's triggers).
 */
import { currentLanguage } from "@common/i18n";
import { PHOTO_KINDS } from "@common/photos";
import { pickRegistrantValues } from "@common/registrant/fields";
import type { PublicRegistration } from "@common/schemas/registration";
import type { WaitlistJoined } from "@common/schemas/self-service";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { pgConstraint, pgErrorCode, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, type Db, type DbOrTx } from "../../db/client";
import type { WaitlistEntryRow } from "../../db/schema";
import { newSecretToken } from "../../lib/tokens";
import { enqueueEmail } from "../../mail/outbox";
import { photoErrors } from "../photos/photos.errors";
import { publicErrors } from "../public/public.errors";
import type { TimeslotsRepository } from "../events/timeslots.repository";
import type { PublicRepository } from "../public/public.repository";
import type { PublicService } from "../public/public.service";
import { joinedEmail } from "./waitlist.emails";
import { waitlistErrors } from "./waitlist.errors";
import { offerFreedSpots } from "./waitlist.offers";
import { lockSlot } from "./waitlist.offers.repository";
import type { WaitlistRepository } from "./waitlist.repository";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ENTRY_UNIQUE = "waitlist_entries_event_email_uq";

/** What the waiting list's operations work with. */
export interface WaitlistDeps {
  db: Db;
  config: Config;
  repo: WaitlistRepository;
  publicRepo: PublicRepository;
  publicService: PublicService;
  timeslotsRepo: TimeslotsRepository;
}

/** 1 for the next in the slot's line; null when not waiting. */
export async function positionOf(
  repo: WaitlistRepository,
  entry: Pick<WaitlistEntryRow, "id" | "timeslotId" | "createdAt" | "status">,
  tx: DbOrTx,
) {
  if (entry.status !== "waiting") return null;
  return (await repo.countAhead(entry, tx)) + 1;
}

export async function joinWaitlist(
  deps: WaitlistDeps,
  eventId: string,
  input: PublicRegistration,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<WaitlistJoined> {
  const { db, config, repo, publicRepo, publicService, timeslotsRepo } = deps;
  if (!UUID.test(eventId)) throw publicErrors.eventNotFound();
  // Honeypot filled: a bot. Answer like a success so it learns nothing; store nothing.
  if (input.website) {
    log.warn({ eventId }, "waiting list honeypot filled; ignored");
    return { position: 1, email: input.email };
  }
  const context = await publicRepo.findRegistrationContext(eventId);
  if (!context) throw publicErrors.eventNotFound();
  if (!context.slots.has(input.timeslotId)) throw publicErrors.noTimeslot();
  // A line nobody would ever be offered a spot from (offerFreedSpots skips a started slot).
  if ((await timeslotsRepo.startedAmong([input.timeslotId], now)).size > 0) throw waitlistErrors.slotStarted();
  await publicService.checkPhotos(eventId, context.photoSetting, input.photos);
  // The same consent as a registration (issue 18): kept with the entry, copied into the registration.
  const consent = await publicService.consentFor(context.photoSetting, input);
  const { token, hash } = newSecretToken();
  const wantedPhotos = PHOTO_KINDS.filter((kind) => input.photos?.[kind]).map((kind) => input.photos![kind]!);
  try {
    return await db.transaction(async (tx) => {
      // The slot's lock first, the place in line after it: people joining at once then enter the line
      // one after the other, each stamped (clock_timestamp, not the transaction's start) after those
      // before it committed, so the position each is told is the one the line gives them.
      await lockSlot(input.timeslotId, tx);
      const entry = await repo.insert(
        {
          createdAt: sql`clock_timestamp()`,
          eventId,
          timeslotId: input.timeslotId,
          email: input.email,
          fullName: input.fullName,
          registrant: pickRegistrantValues(input),
          photos: input.photos ?? {},
          source: input.source?.trim() || null,
          language: currentLanguage(),
          consent: { ...consent, consentedAt: consent.consentedAt.toISOString() },
          tokenHash: hash,
        },
        tx,
      );
      if (!entry) throw new Error("waiting list insert returned no row");
      if (wantedPhotos.length > 0) {
        const claimed = await repo.claimPhotos(entry.id, eventId, wantedPhotos, tx);
        if (claimed.length !== wantedPhotos.length) throw photoErrors.taken();
      }
      const slot = context.slots.get(input.timeslotId)!;
      await enqueueEmail(tx, joinedEmail(config, { ...entry, event: context.event, timeslot: slot }, token));
      // A slot with room (freed a moment ago, or not full at all): offered at once.
      await offerFreedSpots(tx, config, [input.timeslotId], { now });
      const fresh = await repo.find(entry.id, tx);
      return { position: (await positionOf(repo, fresh!, tx)) ?? 0, email: entry.email };
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === ENTRY_UNIQUE) throw waitlistErrors.duplicate();
    // The slot was removed by an edit since the form was read.
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw publicErrors.noTimeslot();
    throw error;
  }
}
