/**
 * The e-mails that tell a registrant about their spot after the confirmation (issue 19): the
 * reminder before the slot, a move to another slot, a cancellation. Each carries the manage link
 * and the calendar invite of the registration: the same UID every time, the registration's
 * SEQUENCE (raised by a move), METHOD:CANCEL for a cancellation.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { eventTimeslots, modelRegistrations, scoutingEvents } from "../../db/schema";
import { registrationInvite } from "../../lib/calendar";
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

export function registrantNotice(config: NoticeConfig, notice: RegistrantNotice, row: NoticeRow): OutgoingEmail {
  const link = manageUrl(config, row.id);
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
    }),
    icalEvent: registrationInvite({
      registrationId: row.id,
      sequence: row.icsSequence,
      organizer: config.mailFrom,
      attendee: { email: row.email, name: row.fullName },
      event,
      timeslot,
      manageUrl: link,
      publicUrl: config.publicUrl,
      cancelled: notice === "cancelled",
    }),
  };
}
