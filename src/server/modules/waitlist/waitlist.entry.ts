/**
 * A waiting-list entry's page (issue 19): its links (the place in line's, the current offer's) are
 * its only key. Opening one proves the address; an offer is accepted (the entry becomes a confirmed
 * registration: the held spot released and taken in one transaction) or declined (the spot goes to
 * the next in line).
 */
import { recordWebhookEvent } from "../webhooks/webhooks.events";
import { randomUUID } from "node:crypto";
import { formatTime } from "@common/dates";
import { pickRegistrantValues } from "@common/registrant/fields";
import type { GuardianStatus, RegistrationStatus } from "@common/constants";
import { registrationState } from "@common/registration-state";
import { ageToday } from "@common/registrant/normalize";
import type { WaitlistView } from "@common/schemas/self-service";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import type { ModelRegistrationRow, WaitlistEntryRow } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { sha256 } from "../../lib/tokens";
import { enqueueEmail, enqueueOutboxRow } from "../../mail/outbox";
import { confirmationMessage, findConfirmation } from "../public/public.confirmation";
import { guardianRequestRow } from "../public/public.registration";
import { newRegistrationCode } from "../public/registration-code.generator";
import { positionOf, type WaitlistDeps } from "./waitlist.join";
import { waitlistErrors } from "./waitlist.errors";
import { offerFreedSpots } from "./waitlist.offers";
import type { WaitlistRepository } from "./waitlist.repository";

/** The entry one of its links names (the place in line's, or the current offer's). */
async function findByToken(repo: WaitlistRepository, token: string, tx: DbOrTx, lock = false) {
  const entry = await repo.findByTokenHash(sha256(token), lock, tx);
  if (!entry) throw waitlistErrors.invalidToken();
  return entry;
}

/** The state of the registration an entry became, read through a left join (null when there is none). */
function stateOfJoined(row: {
  status: RegistrationStatus | null;
  emailVerified: boolean | null;
  guardianStatus: GuardianStatus | null;
}) {
  const { status, emailVerified, guardianStatus } = row;
  return status && guardianStatus ? registrationState({ status, guardianStatus, emailVerified: emailVerified ?? false }) : null;
}

async function viewOf({ config, repo }: WaitlistDeps, entry: WaitlistEntryRow, tx: DbOrTx): Promise<WaitlistView> {
  const row = await repo.findViewDetails(entry, tx);
  if (!row) throw waitlistErrors.invalidToken();
  return {
    status: entry.status,
    position: await positionOf(repo, entry, tx),
    offerExpiresAt: entry.status === "offered" ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    event: { eventName: row.eventName, eventDate: row.eventDate, location: row.location },
    timeslot: { startTime: formatTime(row.startTime), endTime: formatTime(row.endTime) },
    registrationCode: row.registrationCode,
    // The registration the offer became (issue 32): a minor's waits for the guardian.
    registrationState: stateOfJoined(row),
    manageToken: entry.registrationId ? registrationToken(config, "manage", entry.registrationId) : null,
  };
}

/** Opening a link from the e-mail proves the address (a POST from the page, never a GET). */
export async function confirmEntry(deps: WaitlistDeps, token: string): Promise<WaitlistView> {
  const { db, repo } = deps;
  return db.transaction(async (tx) => {
    const entry = await findByToken(repo, token, tx, true);
    if (entry.emailVerified) return viewOf(deps, entry, tx);
    const verified = await repo.update(entry.id, { emailVerified: true }, tx);
    return viewOf(deps, verified!, tx);
  });
}

/** An offer accepted: the entry becomes a confirmed registration (its e-mail proven by the link). */
export async function acceptOffer(deps: WaitlistDeps, token: string, now = new Date()): Promise<WaitlistView> {
  const { db, config, repo } = deps;
  return db.transaction(async (tx) => {
    const entry = await findByToken(repo, token, tx, true);
    if (entry.status === "accepted") return viewOf(deps, entry, tx);
    if (entry.status !== "offered" || !entry.offerExpiresAt || entry.offerExpiresAt <= now)
      throw waitlistErrors.offerUnavailable();
    // Never a registration without consent on record (issue 18): an entry that holds none (made
    // before the waiting list asked for it) cannot become one.
    if (!entry.consent?.consentDataProcessing || !entry.consent.privacyNoticeVersion) throw waitlistErrors.consentMissing();
    // The hold is released and the spot taken in one transaction: held_count − 1, registered_count + 1.
    await repo.update(entry.id, { status: "accepted", emailVerified: true }, tx);
    const id = randomUUID();
    const registrant = pickRegistrantValues(entry.registrant);
    const consentedAt = new Date(entry.consent.consentedAt);
    const consent = {
      ...entry.consent,
      consentedAt,
      consentClientSharingAt: entry.consent.consentClientSharing ? consentedAt : null,
    };
    const registration = await repo.insertRegistration(
      {
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
        source: entry.source,
        ...consent,
      },
      tx,
    );
    // A minor's guardian is asked now, as the public form's registration does (issue 18).
    const { slot, ...event } = await repo.findEventAndSlot(entry.eventId, entry.timeslotId, tx);
    const guardianMail = guardianRequestRow(config, registration, registration.fullName, event, slot);
    if (guardianMail) await enqueueOutboxRow(tx, guardianMail);
    await repo.movePhotosToRegistration(entry.id, id, tx);
    // Its e-mail was confirmed on the waiting list: the registration is born verified.
    await recordWebhookEvent(tx, {
      type: "registration.created",
      subjectId: id,
      data: { registrationId: id, eventId: entry.eventId, timeslotId: entry.timeslotId, source: entry.source ?? null },
    });
    const accepted = await repo.update(entry.id, { registrationId: id }, tx);
    await queueConfirmation(config, tx, registration);
    return viewOf(deps, accepted!, tx);
  });
}

/** The new registration's confirmation: its button opens the manage page (no verification link). */
async function queueConfirmation(config: Config, tx: DbOrTx, r: ModelRegistrationRow) {
  const found = await findConfirmation(tx, r.id);
  if (found) await enqueueEmail(tx, await confirmationMessage(config, r, found.context));
}

/** Leaving the line, or declining an offer (its spot goes to the next in line). */
export async function declineOffer(deps: WaitlistDeps, token: string, now = new Date()): Promise<WaitlistView> {
  const { db, config, repo } = deps;
  return db.transaction(async (tx) => {
    const entry = await findByToken(repo, token, tx, true);
    if (entry.status !== "waiting" && entry.status !== "offered") return viewOf(deps, entry, tx);
    const left = await repo.update(
      entry.id,
      { status: entry.status === "offered" ? "declined" : "removed", emailVerified: true },
      tx,
    );
    if (entry.status === "offered") await offerFreedSpots(tx, config, [entry.timeslotId], { now });
    return viewOf(deps, left!, tx);
  });
}
