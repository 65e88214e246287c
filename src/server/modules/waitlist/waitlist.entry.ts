/**
 * A waiting-list entry's page (issue 19): its links (the place in line's, the current offer's) are
 * its only key. Opening one proves the address; an offer is accepted (the entry becomes a confirmed
 * registration: the held spot released and taken in one transaction) or declined (the spot goes to
 * the next in line).
 */
import { randomUUID } from "node:crypto";
import { formatTime } from "@common/dates";
import { pickRegistrantValues } from "@common/registrant/fields";
import { ageToday } from "@common/registrant/normalize";
import type { WaitlistView } from "@common/schemas/self-service";
import { eq, or, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import {
  eventTimeslots,
  modelRegistrations,
  outboxMessages,
  photos,
  scoutingEvents,
  waitlistEntries,
  type WaitlistEntryRow,
} from "../../db/schema";
import { registrationInvite } from "../../lib/calendar";
import { checkInUrl, manageUrl, registrationToken } from "../../lib/registration-links";
import { sha256 } from "../../lib/tokens";
import { enqueueEmail } from "../../mail/outbox";
import { checkInQrPng } from "../check-ins/check-ins.qr";
import { CHECK_IN_QR_CID, confirmationEmail } from "../public/public.emails";
import { guardianRequestRow, slotTimes } from "../public/public.registration";
import { newRegistrationCode } from "../public/registration-code.generator";
import { positionOf, type WaitlistDeps } from "./waitlist.join";
import { waitlistErrors } from "./waitlist.errors";
import { offerFreedSpots } from "./waitlist.offers";

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

async function viewOf(config: Config, entry: WaitlistEntryRow, tx: DbOrTx): Promise<WaitlistView> {
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
export async function confirmEntry(deps: WaitlistDeps, token: string): Promise<WaitlistView> {
  const { db, config } = deps;
  return db.transaction(async (tx) => {
    const entry = await findByToken(token, tx, true);
    if (entry.emailVerified) return viewOf(config, entry, tx);
    const [verified] = await tx
      .update(waitlistEntries)
      .set({ emailVerified: true })
      .where(eq(waitlistEntries.id, entry.id))
      .returning();
    return viewOf(config, verified!, tx);
  });
}

/** An offer accepted: the entry becomes a confirmed registration (its e-mail proven by the link). */
export async function acceptOffer(deps: WaitlistDeps, token: string, now = new Date()): Promise<WaitlistView> {
  const { db, config } = deps;
  return db.transaction(async (tx) => {
    const entry = await findByToken(token, tx, true);
    if (entry.status === "accepted") return viewOf(config, entry, tx);
    if (entry.status !== "offered" || !entry.offerExpiresAt || entry.offerExpiresAt <= now)
      throw waitlistErrors.offerUnavailable();
    // Never a registration without consent on record (issue 18): an entry that holds none (made
    // before the waiting list asked for it) cannot become one.
    if (!entry.consent?.consentDataProcessing || !entry.consent.privacyNoticeVersion) throw waitlistErrors.consentMissing();
    // The hold is released and the spot taken in one transaction: held_count − 1, registered_count + 1.
    await tx.update(waitlistEntries).set({ status: "accepted", emailVerified: true }).where(eq(waitlistEntries.id, entry.id));
    const id = randomUUID();
    const registrant = pickRegistrantValues(entry.registrant);
    const consent = { ...entry.consent, consentedAt: new Date(entry.consent.consentedAt) };
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
        ...consent,
      })
      .returning();
    // A minor's guardian is asked now, as the public form's registration does (issue 18).
    const guardianMail = guardianRequestRow(config, registration!, registration!.fullName, await eventOf(tx, entry.eventId));
    if (guardianMail) await tx.insert(outboxMessages).values(guardianMail);
    await tx.update(photos).set({ registrationId: id, waitlistEntryId: null }).where(eq(photos.waitlistEntryId, entry.id));
    const [accepted] = await tx
      .update(waitlistEntries)
      .set({ registrationId: id })
      .where(eq(waitlistEntries.id, entry.id))
      .returning();
    await queueConfirmation(config, tx, registration!);
    return viewOf(config, accepted!, tx);
  });
}

async function queueConfirmation(config: Config, tx: DbOrTx, r: typeof modelRegistrations.$inferSelect) {
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
    checkInQr: true,
  });
  const icalEvent = registrationInvite({
    registrationId: r.id,
    sequence: r.icsSequence,
    organizer: config.mailFrom,
    attendee: { email: r.email, name: r.fullName },
    event: context,
    timeslot,
    manageUrl: link,
    publicUrl: config.publicUrl,
  });
  const qr = await checkInQrPng(checkInUrl(config, r.id));
  const attachments = [
    { filename: "check-in.png", contentType: "image/png", content: qr.toString("base64"), cid: CHECK_IN_QR_CID },
  ];
  await enqueueEmail(tx, { kind: "registration_confirmation", to: r.email, ...content, icalEvent, attachments });
}

/** Leaving the line, or declining an offer (its spot goes to the next in line). */
export async function declineOffer(deps: WaitlistDeps, token: string, now = new Date()): Promise<WaitlistView> {
  const { db, config } = deps;
  return db.transaction(async (tx) => {
    const entry = await findByToken(token, tx, true);
    if (entry.status !== "waiting" && entry.status !== "offered") return viewOf(config, entry, tx);
    const [left] = await tx
      .update(waitlistEntries)
      .set({ status: entry.status === "offered" ? "declined" : "removed", emailVerified: true })
      .where(eq(waitlistEntries.id, entry.id))
      .returning();
    if (entry.status === "offered") await offerFreedSpots(tx, config, [entry.timeslotId], { now });
    return viewOf(config, left!, tx);
  });
}

/** What a guardian's request says of the event. */
async function eventOf(tx: DbOrTx, eventId: string) {
  const [event] = await tx
    .select({ eventName: scoutingEvents.eventName, eventDate: scoutingEvents.eventDate, location: scoutingEvents.location })
    .from(scoutingEvents)
    .where(eq(scoutingEvents.id, eventId));
  return event!;
}
