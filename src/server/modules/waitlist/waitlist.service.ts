/**
 * The waiting list (issue 19; ADR 017): joining a slot's line (the public form's body), the entry's
 * page (its place in line; an offer accepted or declined), and the staff's view and hand-made
 * offers. Offers themselves are made by waitlist.offers.ts, in the transaction that frees a spot.
 */
import { randomUUID } from "node:crypto";
import { currentLanguage } from "@common/i18n";
import { formatTime } from "@common/dates";
import { PHOTO_KINDS } from "@common/photos";
import { pickRegistrantValues } from "@common/registrant/fields";
import { ageToday } from "@common/registrant/normalize";
import type { PublicRegistration } from "@common/schemas/registration";
import type { StaffWaitlist, WaitlistJoined, WaitlistView } from "@common/schemas/self-service";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { pgConstraint, pgErrorCode, PG_UNIQUE_VIOLATION, type Db, type DbOrTx } from "../../db/client";
import { eventTimeslots, modelRegistrations, photos, scoutingEvents, waitlistEntries, type WaitlistEntryRow } from "../../db/schema";
import { registrationInvite } from "../../lib/calendar";
import { manageUrl, registrationToken } from "../../lib/registration-links";
import { newSecretToken, sha256 } from "../../lib/tokens";
import { enqueueEmail } from "../../mail/outbox";
import { eventErrors } from "../events/events.errors";
import { photoErrors } from "../photos/photos.errors";
import { confirmationEmail } from "../public/public.emails";
import { publicErrors } from "../public/public.errors";
import { createPublicRepository } from "../public/public.repository";
import { createPublicService } from "../public/public.service";
import { slotTimes } from "../public/public.registration";
import { newRegistrationCode } from "../public/registration-code.generator";
import { joinedEmail } from "./waitlist.emails";
import { waitlistErrors } from "./waitlist.errors";
import { offerFreedSpots } from "./waitlist.offers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ENTRY_UNIQUE = "waitlist_entries_event_email_uq";
const LIVE = ["waiting", "offered"] as const;

export function createWaitlistService({ db, config }: { db: Db; config: Config }) {
  const publicRepo = createPublicRepository(db);
  const publicService = createPublicService({ db, config });

  /** 1 for the next in the slot's line; null when not waiting. */
  async function positionOf(entry: Pick<WaitlistEntryRow, "id" | "timeslotId" | "createdAt" | "status">, tx: DbOrTx = db) {
    if (entry.status !== "waiting") return null;
    const [row] = await tx
      .select({ ahead: sql<number>`count(*)::int` })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.timeslotId, entry.timeslotId),
          eq(waitlistEntries.status, "waiting"),
          sql`(${waitlistEntries.createdAt}, ${waitlistEntries.id}) < (${entry.createdAt.toISOString()}::timestamptz, ${entry.id}::uuid)`,
        ),
      );
    return (row?.ahead ?? 0) + 1;
  }

  async function join(eventId: string, input: PublicRegistration, log: FastifyBaseLogger, now = new Date()): Promise<WaitlistJoined> {
    if (!UUID.test(eventId)) throw publicErrors.eventNotFound();
    // Honeypot filled: a bot. Answer like a success so it learns nothing; store nothing.
    if (input.website) {
      log.warn({ eventId }, "waiting list honeypot filled; ignored");
      return { position: 1, email: input.email };
    }
    const context = await publicRepo.findRegistrationContext(eventId);
    if (!context) throw publicErrors.eventNotFound();
    if (!context.slots.has(input.timeslotId)) throw publicErrors.noTimeslot();
    await publicService.checkPhotos(eventId, context.photoSetting, input.photos);
    const { token, hash } = newSecretToken();
    const wantedPhotos = PHOTO_KINDS.filter((kind) => input.photos?.[kind]).map((kind) => input.photos![kind]!);
    try {
      return await db.transaction(async (tx) => {
        const [entry] = await tx
          .insert(waitlistEntries)
          .values({
            eventId,
            timeslotId: input.timeslotId,
            email: input.email,
            fullName: input.fullName,
            registrant: pickRegistrantValues(input),
            photos: input.photos ?? {},
            language: currentLanguage(),
            tokenHash: hash,
          })
          .returning();
        if (!entry) throw new Error("waiting list insert returned no row");
        if (wantedPhotos.length > 0) {
          const claimed = await tx
            .update(photos)
            .set({ waitlistEntryId: entry.id })
            .where(
              and(
                inArray(photos.id, wantedPhotos),
                eq(photos.eventId, eventId),
                sql`${photos.registrationId} is null and ${photos.waitlistEntryId} is null`,
              ),
            )
            .returning({ id: photos.id });
          if (claimed.length !== wantedPhotos.length) throw photoErrors.taken();
        }
        const slot = context.slots.get(input.timeslotId)!;
        await enqueueEmail(tx, joinedEmail(config, { ...entry, event: context.event, timeslot: slot }, token));
        // A slot with room (freed a moment ago, or not full at all): offered at once.
        await offerFreedSpots(tx, config, [input.timeslotId], { now });
        const [fresh] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
        return { position: (await positionOf(fresh!, tx)) ?? 0, email: entry.email };
      });
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === ENTRY_UNIQUE) throw waitlistErrors.duplicate();
      throw error;
    }
  }

  /** The entry one of its links names (the place in line's, or the current offer's). */
  async function findByToken(token: string, tx: DbOrTx, lock = false) {
    const hash = sha256(token);
    const query = tx
      .select()
      .from(waitlistEntries)
      .where(or(eq(waitlistEntries.tokenHash, hash), eq(waitlistEntries.offerTokenHash, hash)));
    const [entry] = lock ? await query.for("update") : await query;
    if (!entry) throw waitlistErrors.invalidToken();
    return entry;
  }

  async function viewOf(entry: WaitlistEntryRow, tx: DbOrTx): Promise<WaitlistView> {
    const [row] = await tx
      .select({
        eventName: scoutingEvents.eventName,
        eventDate: scoutingEvents.eventDate,
        location: scoutingEvents.location,
        startTime: eventTimeslots.startTime,
        endTime: eventTimeslots.endTime,
        registrationCode: modelRegistrations.registrationCode,
      })
      .from(eventTimeslots)
      .innerJoin(scoutingEvents, eq(scoutingEvents.id, eventTimeslots.eventId))
      .leftJoin(modelRegistrations, eq(modelRegistrations.id, sql`${entry.registrationId}::uuid`))
      .where(eq(eventTimeslots.id, entry.timeslotId));
    if (!row) throw waitlistErrors.invalidToken();
    return {
      status: entry.status,
      position: await positionOf(entry, tx),
      offerExpiresAt: entry.status === "offered" ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
      event: { eventName: row.eventName, eventDate: row.eventDate, location: row.location },
      timeslot: { startTime: formatTime(row.startTime), endTime: formatTime(row.endTime) },
      registrationCode: row.registrationCode,
      manageToken: entry.registrationId ? registrationToken(config, "manage", entry.registrationId) : null,
    };
  }

  /** Opening a link from the e-mail proves the address (a POST from the page, never a GET). */
  async function confirm(token: string): Promise<WaitlistView> {
    return db.transaction(async (tx) => {
      const entry = await findByToken(token, tx, true);
      if (entry.emailVerified) return viewOf(entry, tx);
      const [verified] = await tx.update(waitlistEntries).set({ emailVerified: true }).where(eq(waitlistEntries.id, entry.id)).returning();
      return viewOf(verified!, tx);
    });
  }

  /** An offer accepted: the entry becomes a confirmed registration (its e-mail proven by the link). */
  async function accept(token: string, now = new Date()): Promise<WaitlistView> {
    return db.transaction(async (tx) => {
      const entry = await findByToken(token, tx, true);
      if (entry.status === "accepted") return viewOf(entry, tx);
      if (entry.status !== "offered" || !entry.offerExpiresAt || entry.offerExpiresAt <= now) throw waitlistErrors.offerUnavailable();
      // The hold is released and the spot taken in one transaction: held_count − 1, registered_count + 1.
      await tx.update(waitlistEntries).set({ status: "accepted", emailVerified: true }).where(eq(waitlistEntries.id, entry.id));
      const id = randomUUID();
      const registrant = pickRegistrantValues(entry.registrant);
      const [registration] = await tx
        .insert(modelRegistrations)
        .values({
          ...registrant,
          id,
          eventId: entry.eventId,
          timeslotId: entry.timeslotId,
          age: ageToday(registrant.dateOfBirth) ?? 0,
          registrationCode: newRegistrationCode(),
          status: "confirmed",
          emailVerified: true,
          emailVerifiedAt: now,
          language: entry.language,
        })
        .returning();
      await tx.update(photos).set({ registrationId: id, waitlistEntryId: null }).where(eq(photos.waitlistEntryId, entry.id));
      const [accepted] = await tx
        .update(waitlistEntries)
        .set({ registrationId: id })
        .where(eq(waitlistEntries.id, entry.id))
        .returning();
      await queueConfirmation(tx, registration!);
      return viewOf(accepted!, tx);
    });
  }

  async function queueConfirmation(tx: DbOrTx, r: typeof modelRegistrations.$inferSelect) {
    const [context] = await tx
      .select({
        eventName: scoutingEvents.eventName,
        eventDate: scoutingEvents.eventDate,
        location: scoutingEvents.location,
        confirmationDetails: scoutingEvents.confirmationDetails,
        startTime: eventTimeslots.startTime,
        endTime: eventTimeslots.endTime,
      })
      .from(eventTimeslots)
      .innerJoin(scoutingEvents, eq(scoutingEvents.id, eventTimeslots.eventId))
      .where(eq(eventTimeslots.id, r.timeslotId));
    if (!context) return;
    const link = manageUrl(config, r.id);
    const timeslot = slotTimes(context)!;
    const content = confirmationEmail(r.language, {
      fullName: r.fullName,
      registrationCode: r.registrationCode,
      event: context,
      timeslot,
      // No verification link: the e-mail's button opens the manage page.
      verifyUrl: link,
      manageUrl: link,
    });
    const icalEvent = registrationInvite({
      registrationId: r.id,
      sequence: r.icsSequence,
      event: context,
      timeslot,
      manageUrl: link,
      publicUrl: config.publicUrl,
    });
    await enqueueEmail(tx, { kind: "registration_confirmation", to: r.email, ...content, icalEvent });
  }

  /** Leaving the line, or declining an offer (its spot goes to the next in line). */
  async function decline(token: string, now = new Date()): Promise<WaitlistView> {
    return db.transaction(async (tx) => {
      const entry = await findByToken(token, tx, true);
      if (entry.status !== "waiting" && entry.status !== "offered") return viewOf(entry, tx);
      const [left] = await tx
        .update(waitlistEntries)
        .set({ status: entry.status === "offered" ? "declined" : "removed", emailVerified: true })
        .where(eq(waitlistEntries.id, entry.id))
        .returning();
      if (entry.status === "offered") await offerFreedSpots(tx, config, [entry.timeslotId], { now });
      return viewOf(left!, tx);
    });
  }

  /** Staff: each slot's line (waiting and offered), first in line first. */
  async function listForEvent(eventId: string): Promise<StaffWaitlist> {
    if (!UUID.test(eventId)) throw eventErrors.notFound();
    const slots = await db
      .select({ id: eventTimeslots.id, startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime })
      .from(eventTimeslots)
      .where(eq(eventTimeslots.eventId, eventId))
      .orderBy(asc(eventTimeslots.startTime), asc(eventTimeslots.endTime));
    if (slots.length === 0) {
      const [event] = await db.select({ id: scoutingEvents.id }).from(scoutingEvents).where(eq(scoutingEvents.id, eventId));
      if (!event) throw eventErrors.notFound();
    }
    const entries = await db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, eventId), inArray(waitlistEntries.status, [...LIVE])))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
    return {
      timeslots: slots.map((slot) => ({
        id: slot.id,
        startTime: formatTime(slot.startTime),
        endTime: formatTime(slot.endTime),
        entries: entries
          .filter((entry) => entry.timeslotId === slot.id)
          .map((entry) => ({
            id: entry.id,
            fullName: entry.fullName,
            email: entry.email,
            status: entry.status,
            emailVerified: entry.emailVerified,
            createdAt: entry.createdAt.toISOString(),
            offerExpiresAt: entry.status === "offered" ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
          })),
      })),
    };
  }

  /**
   * Staff: offer a spot to this person now, out of turn. When the slot has no room, the staff's
   * decision adds one: its capacity is raised by one for this offer (as staff may lower one below
   * its registrations).
   */
  async function offerByHand(eventId: string, entryId: string, now = new Date()): Promise<StaffWaitlist> {
    if (!UUID.test(eventId) || !UUID.test(entryId)) throw waitlistErrors.entryNotFound();
    await db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.eventId, eventId)))
        .for("update");
      if (!entry) throw waitlistErrors.entryNotFound();
      if (entry.status !== "waiting") throw waitlistErrors.offerUnavailable();
      const [slot] = await tx.select().from(eventTimeslots).where(eq(eventTimeslots.id, entry.timeslotId)).for("update");
      if (!slot) throw waitlistErrors.entryNotFound();
      const room = slot.capacity - slot.registeredCount - slot.heldCount;
      if (room <= 0) {
        await tx
          .update(eventTimeslots)
          .set({ capacity: slot.registeredCount + slot.heldCount + 1 })
          .where(eq(eventTimeslots.id, slot.id));
      }
      const offered = await offerFreedSpots(tx, config, [slot.id], { now, first: entry.id });
      if (offered === 0) throw waitlistErrors.offerUnavailable();
    });
    return listForEvent(eventId);
  }

  return { join, confirm, accept, decline, listForEvent, offerByHand };
}
