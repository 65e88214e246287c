/**
 * Staff operations on registrations: list, read, review (liked/attended/rating), edit (with an
 * atomic slot move), delete and resending the verification e-mail.
 */
import { ageOn, formatTime, todayIso } from "@common/dates";
import { pickRegistrantValues } from "@common/registrant/fields";
import { guardianStopsArrival } from "@common/registration-state";
import { callerHolds } from "@common/permissions";
import {
  REVIEW_FIELDS,
  type RegistrationDetail,
  type RegistrationListItem,
  type RegistrationListQuery,
  type RegistrationPatch,
} from "@common/schemas/registrations";
import type { Config } from "../../config";
import { pgConstraint, pgErrorCode, PG_UNIQUE_VIOLATION, type Db } from "../../db/client";
import type { ModelRegistrationRow } from "../../db/schema";
import { checkInUrl, manageUrl } from "../../lib/registration-links";
import { newSecretToken } from "../../lib/tokens";
import { enqueueEmail } from "../../mail/outbox";
import type { SessionUser } from "../accounts/session.resolver";
import { recordAudit, type AuditContext } from "../audit/audit.record";
import { createTimeslotsRepository } from "../events/timeslots.repository";
import { removeRegistration } from "../privacy/privacy.erase";
import { verificationEmail } from "../public/public.emails";
import { offerFreedSpots } from "../waitlist/waitlist.offers";
import { registrationErrors } from "./registrations.errors";
import { registrationsRescheduled } from "./registrations.reschedule";
import { photosOf, withPhotos } from "./registrations.photos";
import { redactFor } from "./registrations.redact";
import { createRegistrationsRepository, type ListedRegistration } from "./registrations.repository";

const WAITING_IN_EVENT = "model_registrations_waiting_in_event";

function toApi(row: ModelRegistrationRow) {
  return {
    id: row.id,
    eventId: row.eventId,
    timeslotId: row.timeslotId,
    ...pickRegistrantValues(row),
    age: row.age,
    status: row.status,
    emailVerified: row.emailVerified,
    emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
    registrationCode: row.registrationCode,
    createdAt: row.createdAt.toISOString(),
    liked: row.liked,
    attended: row.attended,
    rating: row.rating,
    stage: row.stage,
    guardianStatus: row.guardianStatus,
  };
}

/** Consent and the guardian, as staff see them on the registration's detail (issue 18). */
function privacyToApi(row: ModelRegistrationRow) {
  return {
    privacyNoticeVersion: row.privacyNoticeVersion,
    consentedAt: row.consentedAt?.toISOString() ?? null,
    consentDataProcessing: row.consentDataProcessing,
    consentPhotoScouting: row.consentPhotoScouting,
    consentClientSharing: row.consentClientSharing,
    guardianName: row.guardianName,
    guardianEmail: row.guardianEmail,
    guardianStatus: row.guardianStatus,
    guardianDecidedAt: row.guardianDecidedAt?.toISOString() ?? null,
    retentionKeep: row.retentionKeep,
  };
}

const slotToApi = (slot: { id: string; startTime: string; endTime: string }) => ({
  id: slot.id,
  startTime: formatTime(slot.startTime),
  endTime: formatTime(slot.endTime),
});

export function listItemToApi(row: ListedRegistration): RegistrationListItem {
  return {
    ...toApi(row),
    event: row.event,
    timeslot: slotToApi(row.timeslot),
    campaignCount: row.campaignCount,
    panel: {
      average: row.panelAverage === null ? null : Number(row.panelAverage),
      count: row.panelCount,
      spread: row.panelMin === null || row.panelMax === null ? null : row.panelMax - row.panelMin,
      mine: row.myScore,
    },
    tags: row.tags,
    related: row.related.map(({ id, eventId, eventName, eventDate, stage, fullName, matchedBy }) => ({
      id,
      eventId,
      eventName,
      eventDate,
      stage,
      fullName,
      matchedBy,
    })),
  };
}

async function listRegistrations(db: Db, viewer: SessionUser, query: RegistrationListQuery) {
  const { page, pageSize, sort, ...filters } = query;
  const { items, total } = await createRegistrationsRepository(db).list(
    { ...filters, viewerId: viewer.id, searchNamesOnly: !callerHolds(viewer, "contacts.see") },
    page,
    pageSize,
    sort,
  );
  return {
    items: (await withPhotos(db, items.map(listItemToApi))).map((item) => redactFor(viewer, item)),
    total,
    page,
    pageSize,
  };
}

/** One registration as the list shows it to `viewer`: what a write answers with. */
export async function listItemFor(db: Db, viewer: SessionUser, id: string): Promise<RegistrationListItem> {
  const { items } = await createRegistrationsRepository(db).list({ ids: [id], viewerId: viewer.id }, 1, 1);
  const row = items[0];
  if (!row) throw registrationErrors.notFound();
  const [item] = await withPhotos(db, [listItemToApi(row)]);
  return redactFor(viewer, item!);
}

async function getRegistration(db: Db, config: Config, reader: SessionUser, id: string): Promise<RegistrationDetail> {
  const repo = createRegistrationsRepository(db);
  const found = await repo.findWithEvent(id);
  if (!found) throw registrationErrors.notFound();
  const slots = await createTimeslotsRepository(db).listByEvents([found.registration.eventId]);
  const photos = (await photosOf(db, [id])).get(id) ?? [];
  return redactFor(reader, {
    photos,
    ...toApi(found.registration),
    checkInUrl: checkInUrl(config, id),
    privacy: privacyToApi(found.registration),
    event: found.event,
    timeslot: slotToApi(found.timeslot),
    timeslots: (slots.get(found.registration.eventId) ?? []).map(({ id, startTime, endTime, capacity, availableSpots }) => ({
      id,
      startTime,
      endTime,
      capacity,
      availableSpots,
    })),
  });
}

/**
 * One PATCH for the edit form and the review toggles. Review fields are an admin's decision
 * (docs/product.md §6), so a body that touches them needs an admin whatever else it holds.
 */
async function updateRegistration(
  db: Db,
  config: Config,
  user: SessionUser,
  id: string,
  patch: RegistrationPatch,
  audit?: AuditContext,
  now = new Date(),
): Promise<RegistrationListItem> {
  const touchesReview = REVIEW_FIELDS.some((field) => patch[field] !== undefined);
  if (touchesReview && !callerHolds(user, "registrations.rate")) {
    throw registrationErrors.reviewAdminsOnly();
  }
  const repo = createRegistrationsRepository(db);
  try {
    await db.transaction(async (tx) => {
      const current = await repo.findById(id, tx, { forUpdate: true });
      if (!current) throw registrationErrors.notFound();
      const values: Partial<ModelRegistrationRow> = { ...patch };
      // A minor without the guardian's approval is not let in from the list either (issue 32): only
      // the door's override, an admin's with a reason, records that arrival.
      if (patch.attended === true && !current.attended && guardianStopsArrival(current.guardianStatus))
        throw registrationErrors.guardianApprovalRequired(current.guardianStatus);
      // Unticking 'Asistió' undoes the arrival (issue 20): the person can be checked in again.
      if (patch.attended === false) Object.assign(values, { attendedAt: null, checkedInBy: null });
      if (patch.dateOfBirth !== undefined) {
        values.age = ageOn(patch.dateOfBirth, todayIso(now)) ?? current.age;
      }
      if (patch.timeslotId !== undefined && patch.timeslotId !== current.timeslotId) {
        // The slot row's lock serialises every move or registration into this slot, so the count
        // below cannot be overtaken before this transaction commits.
        const slot = await createTimeslotsRepository(db).lockOne(patch.timeslotId, tx);
        if (!slot || slot.eventId !== current.eventId) {
          throw registrationErrors.foreignTimeslot();
        }
        // The registration is not in the target slot yet, so the slot's own count is the right one.
        if (slot.availableSpots <= 0) throw registrationErrors.timeslotFull();
      }
      await repo.update(id, values, tx);
      if (patch.timeslotId !== undefined && patch.timeslotId !== current.timeslotId) {
        // The person's invite, reminder and notice follow the move, as when they move themselves;
        // the old slot's spot goes to its waiting list (issue 19).
        await registrationsRescheduled(tx, config, [id], now);
        await offerFreedSpots(tx, config, [current.timeslotId], { now });
      }
      // The fields' names only: the audit trail never holds the values (ADR 016).
      if (audit)
        await recordAudit(tx, {
          ...audit,
          action: "registration.edit",
          registrationId: id,
          eventId: current.eventId,
          details: { fields: Object.keys(patch) },
        });
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      // Migration 0012's trigger: the new e-mail is waiting in this event.
      if (pgConstraint(error) === WAITING_IN_EVENT) throw registrationErrors.onWaitingList();
      throw registrationErrors.duplicate();
    }
    throw error;
  }
  // The reply is the row as the list shows it, so the client can put it straight into its page.
  return listItemFor(db, user, id);
}

/**
 * Deletes the registration as an erasure removes it (privacy.erase.ts): its person's name and
 * address leave the mail history and the campaign recipients too (counts and statuses kept), which
 * nothing could erase once the row is gone; its spot goes to the slot's waiting list (issue 19).
 */
async function deleteRegistration(db: Db, config: Config, id: string, audit?: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await removeRegistration(tx, config, id);
    if (!deleted) throw registrationErrors.notFound();
    if (audit) await recordAudit(tx, { ...audit, action: "registration.delete", registrationId: id, eventId: deleted.eventId });
  });
}

/** A new verification link for a pending, unverified registration; the previous link stops working. */
async function resendVerification(db: Db, config: Config, id: string, now = new Date()): Promise<void> {
  const repo = createRegistrationsRepository(db);
  await db.transaction(async (tx) => {
    const current = await repo.findById(id, tx, { forUpdate: true });
    if (!current) throw registrationErrors.notFound();
    if (current.emailVerified || current.status !== "pending") {
      throw registrationErrors.alreadyVerified();
    }
    const found = await repo.findWithEvent(id, tx);
    if (!found) throw registrationErrors.notFound();
    const { token, hash } = newSecretToken();
    await repo.update(
      id,
      {
        emailVerificationTokenHash: hash,
        emailVerificationExpiresAt: new Date(now.getTime() + config.verificationTtlHours * 3_600_000),
      },
      tx,
    );
    await enqueueEmail(tx, {
      kind: "registration_verification",
      to: current.email,
      // The same message the public registration sends, with a fresh link.
      ...verificationEmail(current.language, {
        fullName: current.fullName,
        registrationCode: current.registrationCode,
        event: found.event,
        timeslot: found.timeslot,
        verifyUrl: `${config.publicUrl}/verify/${encodeURIComponent(token)}`,
        ttlHours: config.verificationTtlHours,
        manageUrl: manageUrl(config, id),
        // As the first one: a minor's registration also waits for the guardian (issues 18, 32).
        guardianPending: current.guardianStatus === "pending",
      }),
    });
  });
}

export type RegistrationsService = ReturnType<typeof createRegistrationsService>;

/** The staff's operations on registrations, over the app's database and configuration. */
export function createRegistrationsService({ db, config }: { db: Db; config: Config }) {
  return {
    list: (viewer: SessionUser, query: RegistrationListQuery) => listRegistrations(db, viewer, query),
    get: (reader: SessionUser, id: string) => getRegistration(db, config, reader, id),
    update: (user: SessionUser, id: string, patch: RegistrationPatch, audit?: AuditContext) =>
      updateRegistration(db, config, user, id, patch, audit),
    delete: (id: string, audit?: AuditContext) => deleteRegistration(db, config, id, audit),
    resendVerification: (id: string) => resendVerification(db, config, id),
  };
}
