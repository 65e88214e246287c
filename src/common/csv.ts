/**
 * The registrations CSV (SPEC.md §3 "CSV export"): its 25 columns in order, Yes/No booleans,
 * RFC 4180 quoting and neutralised formula cells (ARCHITECTURE.md invariants). Pure, the one
 * definition: the server's streamed export has the database write each cell as `csvCell` does
 * (registrations.csv.ts, held to `registrationCsvLine` by its tests).
 */

/** Excel reads a file as UTF-8 (accents intact) only when it starts with this mark. */
export const CSV_BOM = "\uFEFF";
export const CSV_FILENAME = "scouting.csv";
export const CSV_EOL = "\r\n";

export const REGISTRATION_CSV_HEADERS = [
  "Full Name",
  "Age",
  "Date of Birth",
  "Location",
  "Email",
  "Phone Number",
  "Status",
  "Email Verified",
  "Created At",
  "Event Name",
  "Event Date",
  "Event Location",
  "Height",
  "Eye Color",
  "Bust",
  "Waist",
  "Hips",
  "Instagram Handle",
  "International Work",
  "Registration Code",
  "Timeslot Start",
  "Timeslot End",
  "Liked",
  "Attended",
  "Rating",
] as const;

/** One exported registration, as the database gives it (dates as strings, times as HH:MM[:SS]). */
export interface RegistrationCsvSource {
  fullName: string;
  age: number;
  dateOfBirth: string;
  location: string;
  email: string;
  phoneNumber: string;
  status: string;
  emailVerified: boolean;
  /** ISO timestamp. */
  createdAt: string;
  eventName: string;
  eventDate: string;
  eventLocation: string;
  height: number;
  eyeColor: string | null;
  bust: number | null;
  waist: number | null;
  hips: number | null;
  instagramHandle: string | null;
  internationalWork: boolean;
  registrationCode: string;
  timeslotStart: string | null;
  timeslotEnd: string | null;
  liked: boolean;
  attended: boolean;
  rating: number | null;
}

export type CsvValue = string | number | boolean | null | undefined;

/** A spreadsheet runs a cell beginning with one of these as a formula (CSV injection). */
export const FORMULA_START_CHARACTERS = ["=", "+", "-", "@", "\t", "\r"] as const;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell made harmless: a leading formula character gets an apostrophe in front. */
export function neutralise(text: string): string {
  return (FORMULA_START_CHARACTERS as readonly string[]).includes(text.charAt(0)) ? `'${text}` : text;
}

/** RFC 4180: a text holding a quote, a comma or a line break goes in quotes, its quotes doubled. */
export function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One cell: booleans as Yes/No, empty for null, text neutralised and quoted when needed.
 * Numbers come from the database, never from a person, so they are written as they are.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return String(value);
  return quoted(neutralise(value));
}

export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",") + CSV_EOL;
}

/** The header line, preceded by the BOM: the first chunk of the file. */
export function registrationCsvHead(): string {
  return CSV_BOM + csvLine(REGISTRATION_CSV_HEADERS);
}

const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));

export function registrationCsvValues(r: RegistrationCsvSource): CsvValue[] {
  return [
    r.fullName,
    r.age,
    r.dateOfBirth,
    r.location,
    r.email,
    r.phoneNumber,
    r.status,
    r.emailVerified,
    r.createdAt,
    r.eventName,
    r.eventDate,
    r.eventLocation,
    r.height,
    r.eyeColor,
    r.bust,
    r.waist,
    r.hips,
    r.instagramHandle,
    r.internationalWork,
    r.registrationCode,
    hhmm(r.timeslotStart),
    hhmm(r.timeslotEnd),
    r.liked,
    r.attended,
    r.rating,
  ];
}

export function registrationCsvLine(r: RegistrationCsvSource): string {
  return csvLine(registrationCsvValues(r));
}
