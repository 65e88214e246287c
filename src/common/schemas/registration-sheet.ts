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
