/**
 * The registrations CSV (docs/product.md §3 "CSV export"): its 25 columns in order (then any registrant
 * field added since), Yes/No booleans, RFC 4180 quoting and neutralised formula cells
 * (docs/architecture.md invariants). Values are written as the agency reads them (issue 32): a status,
 * a stage, an eye colour in the exporting staff member's language (the catalogue), a moment on the
 * agency's clock as a spreadsheet reads it (`2026-03-05 10:05`, Buenos Aires). The headers stay
 * docs/product.md's, in English, and so do its Yes/No (docs/product.md §3: "Booleans are written Yes/No"). Pure, the
 * one definition: the server's streamed export has the database write each cell as `csvCell` does
 * (registrations.csv.ts, held to `registrationCsvLine` by its tests).
 */
import { EYE_COLORS, GUARDIAN_STATUSES, REGISTRATION_STAGES, REGISTRATION_STATUSES } from "./constants";
import { agencyDateTime } from "./dates-language";
import type { Translate } from "./i18n";
import {
  REGISTRANT_FIELD_NAMES,
  registrantFields,
  type FieldDefinition,
  type FieldKind,
  type RegistrantFieldName,
  type RegistrantValues,
} from "./registrant/fields";

/** Excel reads a file as UTF-8 (accents intact) only when it starts with this mark. */
export const CSV_BOM = "\uFEFF";
export const CSV_FILENAME = "scouting.csv";
export const CSV_EOL = "\r\n";

/**
 * What a cell holds, which decides how it is written (here and by the database's export): `label`
 * is a stored value shown in the reader's words (its column's `labels`), `timestamp` a moment on the
 * agency's clock.
 */
export type CsvCellKind = "text" | "date" | "number" | "yesNo" | "timestamp" | "time" | "label";

/** What one exported line is made of: the registrant's values, the registration's and its event's. */
export type RegistrationCsvSource = RegistrantValues & {
  age: number;
  status: string;
  emailVerified: boolean;
  /** ISO timestamp. */
  createdAt: string;
  eventName: string;
  eventDate: string;
  eventLocation: string;
  registrationCode: string;
  /** HH:MM[:SS] */
  timeslotStart: string | null;
  timeslotEnd: string | null;
  liked: boolean;
  attended: boolean;
  rating: number | null;
  /** The panel's (issue 23): the stage's key, the tags' names joined by "; ", the panel's average. */
  stage: string;
  tags: string | null;
  panelAverage: number | null;
  /** Consent and the guardian (issue 18); times as ISO timestamps. */
  guardianName: string | null;
  guardianEmail: string | null;
  guardianStatus: string;
  guardianDecidedAt: string | null;
  consentDataProcessing: boolean;
  consentPhotoScouting: boolean;
  privacyNoticeVersion: number | null;
  consentedAt: string | null;
};

export interface CsvColumn {
  header: string;
  key: keyof RegistrationCsvSource;
  kind: CsvCellKind;
  /** A `label` column's words for each stored value, in the reader's language; another value is written as stored. */
  labels?: (t: Translate) => Record<string, string>;
}

const cellKindOf: Record<FieldKind, CsvCellKind> = {
  text: "text",
  email: "text",
  phone: "text",
  instagram: "text",
  choice: "text",
  birthDate: "date",
  measurement: "number",
  yesNo: "yesNo",
};

const fieldColumn = (name: RegistrantFieldName): CsvColumn => {
  const { csvHeader, kind }: FieldDefinition = registrantFields[name];
  return { header: csvHeader, key: name, kind: cellKindOf[kind] };
};
const column = (header: string, key: keyof RegistrationCsvSource, kind: CsvCellKind): CsvColumn => ({ header, key, kind });
const labelled = (
  header: string,
  key: keyof RegistrationCsvSource,
  labels: (t: Translate) => Record<string, string>,
): CsvColumn => ({
  header,
  key,
  kind: "label",
  labels,
});
const labelsOf = <T extends string>(values: readonly T[], label: (value: T) => string) =>
  Object.fromEntries(values.map((value) => [value, label(value)]));

/** docs/product.md §3's 25 columns, in order. */
const SPEC_COLUMNS: CsvColumn[] = [
  fieldColumn("fullName"),
  column("Age", "age", "number"),
  fieldColumn("dateOfBirth"),
  fieldColumn("location"),
  fieldColumn("email"),
  fieldColumn("phoneNumber"),
  labelled("Status", "status", (t) => labelsOf(REGISTRATION_STATUSES, (status) => t(`registrations.row.status.${status}`))),
  column("Email Verified", "emailVerified", "yesNo"),
  column("Created At", "createdAt", "timestamp"),
  column("Event Name", "eventName", "text"),
  column("Event Date", "eventDate", "date"),
  column("Event Location", "eventLocation", "text"),
  fieldColumn("height"),
  {
    ...fieldColumn("eyeColor"),
    kind: "label",
    labels: (t) => labelsOf(EYE_COLORS, (color) => t(`registrant.eyeColors.${color}`)),
  },
  fieldColumn("bust"),
  fieldColumn("waist"),
  fieldColumn("hips"),
  fieldColumn("instagramHandle"),
  fieldColumn("internationalWork"),
  column("Registration Code", "registrationCode", "text"),
  column("Timeslot Start", "timeslotStart", "time"),
  column("Timeslot End", "timeslotEnd", "time"),
  column("Liked", "liked", "yesNo"),
  column("Attended", "attended", "yesNo"),
  column("Rating", "rating", "number"),
];

/** The review panel's columns (issue 23), after docs/product.md's. */
export const PANEL_CSV_COLUMNS: readonly CsvColumn[] = [
  labelled("Stage", "stage", (t) => labelsOf(REGISTRATION_STAGES, (stage) => t(`panel.stages.${stage}`))),
  column("Tags", "tags", "text"),
  column("Panel Average", "panelAverage", "number"),
];

/**
 * The guardian and the consent (issues 18, 32), last. The last column is never quoted (a number or
 * a moment: the export needs it).
 */
export const PRIVACY_CSV_COLUMNS: readonly CsvColumn[] = [
  column("Guardian Name", "guardianName", "text"),
  column("Guardian Email", "guardianEmail", "text"),
  labelled("Guardian Status", "guardianStatus", (t) =>
    labelsOf(GUARDIAN_STATUSES, (status) => t(`privacy.guardian.statuses.${status}`)),
  ),
  column("Guardian Decided At", "guardianDecidedAt", "timestamp"),
  column("Consent Data Processing", "consentDataProcessing", "yesNo"),
  column("Consent Photo Scouting", "consentPhotoScouting", "yesNo"),
  column("Privacy Notice Version", "privacyNoticeVersion", "number"),
  column("Consented At", "consentedAt", "timestamp"),
];

/**
 * The file's columns: docs/product.md's, with every registrant field they do not name (a field added since)
 * after 'International Work', the last of the registrant's, in the fields' order; then the panel's,
 * then the guardian's and the consent's.
 */
export const REGISTRATION_CSV_COLUMNS: readonly CsvColumn[] = (() => {
  const added = REGISTRANT_FIELD_NAMES.filter((name) => !SPEC_COLUMNS.some((c) => c.key === name)).map(fieldColumn);
  const after = SPEC_COLUMNS.findIndex((c) => c.key === "internationalWork") + 1;
  return [...SPEC_COLUMNS.slice(0, after), ...added, ...SPEC_COLUMNS.slice(after), ...PANEL_CSV_COLUMNS, ...PRIVACY_CSV_COLUMNS];
})();

export const REGISTRATION_CSV_HEADERS: readonly string[] = REGISTRATION_CSV_COLUMNS.map((c) => c.header);

export type CsvValue = string | number | boolean | null | undefined;

/**
 * A spreadsheet runs a cell beginning with one of these as a formula (CSV injection); some also
 * read the full-width forms (＝ ＋ － ＠) as the ASCII ones.
 */
export const FORMULA_START_CHARACTERS = ["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"] as const;
/**
 * Invisible characters a spreadsheet may drop before reading a cell, so "\u200B=1+1" can still run
 * as a formula: they are looked through when deciding whether a cell starts with a formula.
 */
export const ZERO_WIDTH_CHARACTERS = ["\u200B", "\u200C", "\u200D", "\uFEFF", "\u2060"] as const;
const NEEDS_QUOTES = /[",\r\n]/;
const LEADING_ZERO_WIDTH = new RegExp(`^(?:${ZERO_WIDTH_CHARACTERS.join("|")})+`);

/**
 * A text cell made harmless: one starting with a formula character, zero-width characters before it
 * or not, gets an apostrophe in front.
 */
export function neutralise(text: string): string {
  const start = text.replace(LEADING_ZERO_WIDTH, "").charAt(0);
  return (FORMULA_START_CHARACTERS as readonly string[]).includes(start) ? `'${text}` : text;
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

/** The cells of a line, in the reader's words (`t`: the exporting staff member's language). */
export function registrationCsvValues(r: RegistrationCsvSource, t: Translate): CsvValue[] {
  return REGISTRATION_CSV_COLUMNS.map(({ key, kind, labels }) => {
    const value = r[key];
    if (value === null || value === undefined) return value;
    if (kind === "time") return hhmm(value as string);
    if (kind === "timestamp") return agencyDateTime(value as string);
    if (kind === "label") return labels?.(t)[value as string] ?? value;
    return value;
  });
}

export function registrationCsvLine(r: RegistrationCsvSource, t: Translate): string {
  return csvLine(registrationCsvValues(r, t));
}
