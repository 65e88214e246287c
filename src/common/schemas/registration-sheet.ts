/**
 * What the PDF registration sheet ('ficha de registro', docs/product.md §3) holds: a plain object, so the
 * public verification page and the staff registrations list build it the same way.
 */
import {
  pickRegistrantValues,
  type RegistrantFieldName,
  type RegistrantReplyValues,
  type RegistrantValues,
} from "../registrant/fields";

export interface SheetEvent {
  eventName: string;
  /** YYYY-MM-DD */
  eventDate: string;
  location: string;
  description: string;
  confirmationDetails: string;
}

/**
 * The person's own sheet (the verification reply) carries every value; the staff's is built from
 * the detail reply, whose contacts are null for a caller without `contacts.see` (issue 33).
 */
export type RegistrationSheetData<V extends RegistrantReplyValues = RegistrantReplyValues> = V & {
  registrationCode: string;
  event: SheetEvent;
  /** HH:MM; null if the slot is unknown. */
  timeslot: { startTime: string; endTime: string } | null;
  /** What the sheet's check-in QR code holds (issue 20); a sheet without it prints no code. */
  checkInUrl?: string | undefined;
  /** Fields the staff member may not see (`fieldsHiddenFrom`): the sheet leaves them out. */
  hidden?: readonly RegistrantFieldName[] | undefined;
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
): RegistrationSheetData<RegistrantValues>;
export function toRegistrationSheet(
  r: RegistrantReplyValues & { registrationCode: string },
  event: SheetEvent,
  timeslot: RegistrationSheetData["timeslot"],
  checkInUrl?: string,
): RegistrationSheetData;
export function toRegistrationSheet(
  r: RegistrantReplyValues & { registrationCode: string },
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
