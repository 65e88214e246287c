/**
 * The e-mails that tell a registrant about their spot after the confirmation (issue 19): the
 * reminder before the slot, a move to another slot, a cancellation. Each carries the manage link
 * and the calendar invite of the registration: the same UID every time, the registration's
 * SEQUENCE (raised by a move), METHOD:CANCEL for a cancellation.
 */
import type { GuardianStatus, RegistrationStatus } from "@common/constants";
import { registrationState } from "@common/registration-state";
import { asc, eq, inArray } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { eventTimeslots, modelRegistrations, scoutingEvents } from "../../db/schema";
import { registrationInviteOf } from "../../lib/calendar";
import { manageUrl } from "../../lib/registration-links";
import type { OutgoingEmail } from "../../mail/outbox";
import { registrantNoticeEmail, type RegistrantNotice } from "../public/public.emails";
import { slotTimes } from "../public/public.registration";

export type NoticeConfig = Pick<Config, "publicUrl" | "authSecret" | "mailFrom">;

/** What a notice needs of a registration, its event and its slot. */
export const noticeColumns = {
  id: modelRegistrations.id,
  email: modelRegistrations.email,
  fullName: modelRegistrations.fullName,
  language: modelRegistrations.language,
  registrationCode: modelRegistrations.registrationCode,
  icsSequence: modelRegistrations.icsSequence,
  status: modelRegistrations.status,
  emailVerified: modelRegistrations.emailVerified,
  guardianStatus: modelRegistrations.guardianStatus,
  eventName: scoutingEvents.eventName,
  eventDate: scoutingEvents.eventDate,
  location: scoutingEvents.location,
  startTime: eventTimeslots.startTime,
  endTime: eventTimeslots.endTime,
};

export type NoticeRow = {
  id: string;
  email: string;
  fullName: string;
  language: "es-AR" | "en";
  registrationCode: string;
  icsSequence: number;
  status: RegistrationStatus;
  emailVerified: boolean;
  guardianStatus: GuardianStatus;
  eventName: string;
  eventDate: string;
  location: string;
  startTime: string;
  endTime: string;
};

export async function findNoticeRow(tx: DbOrTx, registrationId: string): Promise<NoticeRow | undefined> {
  const [row] = await tx
    .select(noticeColumns)
    .from(modelRegistrations)
    .innerJoin(scoutingEvents, eq(scoutingEvents.id, modelRegistrations.eventId))
    .innerJoin(eventTimeslots, eq(eventTimeslots.id, modelRegistrations.timeslotId))
    .where(eq(modelRegistrations.id, registrationId));
  return row;
}

/** The notice rows of several registrations (an event's, when its date moves), by id. */
export async function findNoticeRows(tx: DbOrTx, registrationIds: string[]): Promise<NoticeRow[]> {
  if (registrationIds.length === 0) return [];
  return tx
    .select(noticeColumns)
    .from(modelRegistrations)
    .innerJoin(scoutingEvents, eq(scoutingEvents.id, modelRegistrations.eventId))
    .innerJoin(eventTimeslots, eq(eventTimeslots.id, modelRegistrations.timeslotId))
    .where(inArray(modelRegistrations.id, registrationIds))
    .orderBy(asc(modelRegistrations.id));
}

/**
 * A notice of the registration as it stands (issue 32): a minor's missing approval is said again
 * (and the invite stays tentative), a guardian's refusal is named as the cancellation's reason.
 */
export function registrantNotice(config: NoticeConfig, notice: RegistrantNotice, row: NoticeRow): OutgoingEmail {
  const link = manageUrl(config, row.id);
  const state = registrationState(row);
  const guardianMissing = state === "awaiting_guardian" || state === "awaiting_email_and_guardian";
  const guardian = state === "guardian_refused" ? "refused" : guardianMissing ? "missing" : undefined;
  const event = { eventName: row.eventName, eventDate: row.eventDate, location: row.location };
  const timeslot = slotTimes(row)!;
  return {
    kind: `registration_${notice}`,
    to: row.email,
    ...registrantNoticeEmail(row.language, notice, {
      fullName: row.fullName,
      registrationCode: row.registrationCode,
      event,
      timeslot,
      manageUrl: link,
      ...(guardian ? { guardian } : {}),
    }),
    icalEvent: registrationInviteOf(config, row, {
      event,
      timeslot,
      manageUrl: link,
      cancelled: notice === "cancelled",
      tentative: guardianMissing,
    }),
  };
}
