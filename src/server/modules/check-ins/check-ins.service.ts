/**
 * Check-in at the door (issue 20, ADR 018). A staff phone names a person (the QR code's token, a
 * registration chosen from a search, or a typed code); the server answers who it is and what staff
 * should know before letting them in (the warnings), and records the arrival once, whichever phone
 * asks first. Warnings never refuse: staff decide. Stops do (issue 32): a cancelled registration
 * (its spot may belong to someone else now), and a 16- or 17-year-old whose guardian has not
 * approved, whom only an admin may let in, with a reason the audit trail keeps; a guardian's
 * refusal cancelled the registration and stops it for good.
 */
import { minutesOfTime, todayIso, wallClockMinutes } from "@common/dates";
import { formatDateFor, formatDateTimeFor, formatTimeRangeFor } from "@common/dates-language";
import { currentLanguage, t } from "@common/i18n";
import { checkInFaceUrl } from "@common/photos";
import { registrationSearchTerms } from "@common/registration-search";
import { callerHolds, type Caller } from "@common/permissions";
import {
  normaliseRegistrationCode,
  type CheckInRequest,
  type CheckInResponse,
  type CheckInStop,
  type CheckInWarningCode,
} from "@common/schemas/check-ins";

import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { registrationIdFromToken } from "../../lib/registration-links";
import type { AuditContext } from "../audit/audit.record";
import { redactFor } from "../registrations/registrations.redact";
import { checkInErrors } from "./check-ins.errors";
import { createCheckInsRepository, type CheckInRow } from "./check-ins.repository";

const AGENCY_TIME_ZONE = "America/Argentina/Buenos_Aires";
/** A person may come this long before their slot starts, or after it ends, without a warning. */
export const SLOT_MARGIN_MINUTES = 60;
/** How far back an offline phone's own time of a check-in is believed (a queue kept for a day is not). */
const OFFLINE_TRUST_MS = 12 * 60 * 60 * 1000;

/** What staff should know about this person before letting them in. */
export function checkInWarnings(
  row: CheckInRow,
  context: { eventId: string | undefined; now: Date; alreadyCheckedIn: boolean },
): CheckInResponse["warnings"] {
  const language = currentLanguage();
  const slot = formatTimeRangeFor(language, row.startTime, row.endTime);
  const warnings: Array<{ code: CheckInWarningCode; message: string }> = [];
  const warn = (code: CheckInWarningCode, message: string) => warnings.push({ code, message });
  if (context.alreadyCheckedIn) {
    warn(
      "already_checked_in",
      row.attendedAt
        ? t("checkin.warnings.already_checked_in", {
            time: formatDateTimeFor(language, row.attendedAt),
            name: row.checkedInByName ?? "—",
          })
        : t("checkin.warnings.already_checked_in_list"),
    );
  }
  if (context.eventId && context.eventId !== row.eventId) {
    warn("other_event", t("checkin.warnings.other_event", { eventName: row.eventName }));
  }
  const today = todayIso(context.now, AGENCY_TIME_ZONE);
  if (row.eventDate !== today) {
    warn("other_day", t("checkin.warnings.other_day", { date: formatDateFor(language, row.eventDate) }));
  } else {
    const clock = wallClockMinutes(context.now, AGENCY_TIME_ZONE);
    if (clock < minutesOfTime(row.startTime) - SLOT_MARGIN_MINUTES)
      warn("slot_not_started", t("checkin.warnings.slot_not_started", { slot }));
    else if (clock > minutesOfTime(row.endTime) + SLOT_MARGIN_MINUTES)
      warn("slot_ended", t("checkin.warnings.slot_ended", { slot }));
  }
  if (!row.emailVerified) warn("email_not_verified", t("checkin.warnings.email_not_verified"));
  return warnings;
}

/**
 * Why this person's arrival is not recorded, or null (nothing stops it, or they have arrived).
 * Only a guardian's pending decision can be overridden, and only by an admin.
 */
export function checkInStop(row: CheckInRow, caller: Caller | undefined): CheckInStop | null {
  if (row.attended) return null;
  if (row.guardianStatus === "refused")
    return { code: "guardian_refused", message: t("checkin.stops.guardian_refused"), overridable: false };
  if (row.status === "cancelled") return { code: "cancelled", message: t("checkin.stops.cancelled"), overridable: false };
  if (row.guardianStatus === "pending")
    return {
      code: "guardian_pending",
      message: t("checkin.stops.guardian_pending"),
      overridable: caller !== undefined && callerHolds(caller, "checkins.override"),
    };
  return null;
}

/**
 * The card as `reader` may see it (registrations.redact.ts: the guardian's contact is a capability).
 * The face photo is the door's own (issue 35): whoever checks people in sees it, for identity.
 */
function toApi(row: CheckInRow, reader: Caller): CheckInResponse["registration"] {
  const card = redactFor(reader, {
    id: row.id,
    fullName: row.fullName,
    age: row.age,
    registrationCode: row.registrationCode,
    status: row.status,
    emailVerified: row.emailVerified,
    guardianStatus: row.guardianStatus,
    guardian: row.guardianName && row.guardianEmail ? { name: row.guardianName, email: row.guardianEmail } : null,
    event: { id: row.eventId, eventName: row.eventName, eventDate: row.eventDate },
    timeslot: { id: row.timeslotId, startTime: row.startTime, endTime: row.endTime },
    attended: row.attended,
    attendedAt: row.attendedAt ? new Date(row.attendedAt).toISOString() : null,
    checkedInBy: row.checkedInById ? { id: row.checkedInById, fullName: row.checkedInByName ?? "" } : null,
  });
  return { ...card, photoUrl: row.facePhotoId ? checkInFaceUrl(row.id, row.facePhotoId) : null };
}

const queueOf = (row: CheckInRow): CheckInResponse["queue"] => (row.queueNumber === null ? null : { number: row.queueNumber });

/** The arrival time kept: the phone's own time of an offline check-in, when it is believable. */
export function arrivalTime(scannedAt: string | undefined, now: Date): Date {
  if (!scannedAt) return now;
  const at = new Date(scannedAt);
  if (Number.isNaN(at.getTime()) || at > now || now.getTime() - at.getTime() > OFFLINE_TRUST_MS) return now;
  return at;
}

export function createCheckInsService({ db, config }: { db: Db; config: Pick<Config, "authSecret"> }) {
  const repo = createCheckInsRepository(db);

  /** The registration's id when the request names it (a token, an id), without reading anything. */
  function idOf(request: CheckInRequest): string | undefined {
    // The QR code holds the whole check-in URL; a phone that read it sends the token alone.
    if (request.token !== undefined) return registrationIdFromToken(config, "check-in", request.token);
    return request.registrationId;
  }

  async function find(request: CheckInRequest): Promise<CheckInRow> {
    const id = idOf(request);
    const row = id
      ? await repo.findById(id)
      : request.code !== undefined
        ? await repo.findByCode(normaliseRegistrationCode(request.code))
        : undefined;
    if (!row) throw checkInErrors.notFound();
    return row;
  }

  /** Who it is, the warnings and any stop, without recording anything (the card shown before 'Registrar llegada'). */
  async function preview(request: Omit<CheckInRequest, "overrideReason">, now: Date, caller: Caller): Promise<CheckInResponse> {
    const row = await find(request);
    const alreadyCheckedIn = row.attended;
    return {
      registration: toApi(row, caller),
      alreadyCheckedIn,
      checkedIn: false,
      overridden: false,
      stop: checkInStop(row, caller),
      warnings: checkInWarnings(row, { eventId: request.eventId, now, alreadyCheckedIn }),
      queue: queueOf(row),
    };
  }

  /**
   * Records the arrival once; a repeated or concurrent request answers `alreadyCheckedIn`, a stopped
   * one `checkedIn: false` with the `stop`. `overrideReason` lets in a minor whose guardian has not
   * decided: an admin's only (403 for anyone else), recorded with the arrival. The arrival is written
   * in one statement with its row in the audit trail (issue 18): a repeated scan records neither
   * again. A door pass records arrivals at its own event only (the route refuses the reply of another's).
   */
  async function checkIn(
    user: Caller & { id: string; pass?: { eventId: string } | null | undefined },
    request: CheckInRequest,
    audit: AuditContext,
    now = new Date(),
  ): Promise<CheckInResponse> {
    if (request.overrideReason !== undefined && !callerHolds(user, "checkins.override")) throw checkInErrors.overrideAdminsOnly();
    // A scan names the id: one round trip. A typed code is looked up first.
    const id = idOf(request) ?? (request.code !== undefined ? (await find(request)).id : undefined);
    const at = arrivalTime(request.scannedAt, now);
    const row = id
      ? await repo.recordAndFind(id, at, user.id, audit, request.overrideReason ?? null, user.pass?.eventId ?? null)
      : undefined;
    if (!row) throw checkInErrors.notFound();
    const { checkedIn, overridden } = row;
    const alreadyCheckedIn = !checkedIn && row.attended;
    return {
      registration: toApi(row, user),
      alreadyCheckedIn,
      checkedIn,
      overridden,
      stop: checkInStop(row, user),
      warnings: checkInWarnings(row, { eventId: request.eventId, now, alreadyCheckedIn }),
      queue: queueOf(row),
    };
  }

  async function arrivals(eventId: string) {
    const timeslots = await repo.arrivals(eventId);
    if (timeslots.length === 0 && !(await repo.eventExists(eventId))) throw checkInErrors.eventNotFound();
    return { eventId, timeslots };
  }

  async function search(eventId: string, q: string) {
    const rows = await repo.search(eventId, registrationSearchTerms(q));
    return {
      items: rows.map(({ startTime, endTime, ...row }) => ({ ...row, timeslot: { startTime, endTime } })),
    };
  }

  return { preview, checkIn, arrivals, search };
}

export type CheckInsService = ReturnType<typeof createCheckInsService>;
