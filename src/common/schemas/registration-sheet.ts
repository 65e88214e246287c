/**
 * What the PDF registration sheet ('ficha de registro', SPEC.md §3) holds: a plain object, so the
 * public verification page and the staff registrations list build it the same way.
 */
export interface RegistrationSheetData {
  registrationCode: string;
  fullName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  location: string;
  email: string;
  phoneNumber: string;
  height: number;
  bust: number | null;
  waist: number | null;
  hips: number | null;
  eyeColor: string | null;
  instagramHandle: string | null;
  internationalWork: boolean;
  event: {
    eventName: string;
    /** YYYY-MM-DD */
    eventDate: string;
    location: string;
    description: string;
    confirmationDetails: string;
  };
  /** HH:MM; null if the slot is unknown. */
  timeslot: { startTime: string; endTime: string } | null;
}

/**
 * The sheet of a registration, picked field by field (a database row must never carry a token hash
 * into it): used by the verification reply and by the staff list's download.
 */
export function toRegistrationSheet(
  r: Omit<RegistrationSheetData, "event" | "timeslot">,
  event: RegistrationSheetData["event"],
  timeslot: RegistrationSheetData["timeslot"],
): RegistrationSheetData {
  return {
    registrationCode: r.registrationCode,
    fullName: r.fullName,
    dateOfBirth: r.dateOfBirth,
    location: r.location,
    email: r.email,
    phoneNumber: r.phoneNumber,
    height: r.height,
    bust: r.bust,
    waist: r.waist,
    hips: r.hips,
    eyeColor: r.eyeColor,
    instagramHandle: r.instagramHandle,
    internationalWork: r.internationalWork,
    event: {
      eventName: event.eventName,
      eventDate: event.eventDate,
      location: event.location,
      description: event.description,
      confirmationDetails: event.confirmationDetails,
    },
    timeslot: timeslot ? { startTime: timeslot.startTime, endTime: timeslot.endTime } : null,
  };
}
