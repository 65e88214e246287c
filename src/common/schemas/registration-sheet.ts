/**
 * What the PDF registration sheet ('ficha de registro', SPEC.md §3) holds: a plain object, so the
 * public verification page and the staff registrations list build it the same way.
 */
import { pickRegistrantValues, type RegistrantValues } from "../registrant/fields";

export interface SheetEvent {
  eventName: string;
  /** YYYY-MM-DD */
  eventDate: string;
  location: string;
  description: string;
  confirmationDetails: string;
}

export type RegistrationSheetData = RegistrantValues & {
  registrationCode: string;
  event: SheetEvent;
  /** HH:MM; null if the slot is unknown. */
  timeslot: { startTime: string; endTime: string } | null;
  /** What the sheet's check-in QR code holds (issue 20); a sheet without it prints no code. */
  checkInUrl?: string | undefined;
};

/**
 * The sheet of a registration, picked field by field (a database row must never carry a token hash
 * into it): used by the verification reply and by the staff list's download.
 */
export function toRegistrationSheet(
  r: RegistrantValues & { registrationCode: string },
  event: SheetEvent,
  timeslot: RegistrationSheetData["timeslot"],
  checkInUrl?: string,
): RegistrationSheetData {
  return {
    ...pickRegistrantValues(r),
    registrationCode: r.registrationCode,
    event: {
      eventName: event.eventName,
      eventDate: event.eventDate,
      location: event.location,
      description: event.description,
      confirmationDetails: event.confirmationDetails,
    },
    timeslot: timeslot ? { startTime: timeslot.startTime, endTime: timeslot.endTime } : null,
    ...(checkInUrl ? { checkInUrl } : {}),
  };
}
