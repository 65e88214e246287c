/**
 * Dates and timestamps in a reader's language. es-AR keeps the product's `dd/mm/aa` (docs/product.md §9);
 * English spells the month, so a date is never read the wrong way round.
 *
 * Times follow one rule in both languages, on pages, in e-mails and on the PDF: 24-hour `HH:MM`
 * (issue 32: English read "12:00 PM" in e-mails and "12:00" on pages, and Spanish timestamps
 * "05:04 p. m.", whose stop doubled at a sentence's end). A slot's "14:30" is how the agency writes
 * it, in Buenos Aires, for every candidate; a time never ends in a stop.
 */
import { formatDateEsAr, formatDateLong, formatDateTimeEsAr, formatTime, parseIsoDate } from "./dates";
import type { Language } from "./i18n/languages";

/** Where the agency is: the wall clock its people read times on. */
export const AGENCY_TIME_ZONE = "America/Argentina/Buenos_Aires";

// A calendar date carries no time zone, so English writes it itself, as en-US's medium date does.
// Why not Intl: building the first Intl.DateTimeFormat
// loads the engine's locale data, 20–30 ms of a public page's start in Chromium (measured with a
// CPU profile of the registration page's hydration), and the server's ICU and the phone's may
// differ in a space (U+202F before PM in newer ICU), which hydration would see as a change.
const ENGLISH_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const englishDateTimes = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (`YYYY-MM-DD`): es-AR `23/11/26`, English `Nov 23, 2026`. */
export function formatDateFor(language: Language, isoDate: string): string {
  if (language === "es-AR") return formatDateEsAr(isoDate);
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  return `${ENGLISH_MONTHS[date.month - 1]} ${date.day}, ${date.year}`;
}

/** A date on the PDF sheet and in e-mails: es-AR `dd/MM/yyyy` (docs/product.md), English `Mar 5, 2026`. */
export function formatLongDateFor(language: Language, isoDate: string): string {
  return language === "es-AR" ? formatDateLong(isoDate) : formatDateFor(language, isoDate);
}

/** A moment in the agency's time zone: es-AR `23/11/26, 17:21`, English `Nov 23, 2026, 17:21`. */
export function formatDateTimeFor(language: Language, value: string | Date, timeZone = AGENCY_TIME_ZONE): string {
  if (language === "es-AR") return formatDateTimeEsAr(value, timeZone);
  let formatter = englishDateTimes.get(timeZone);
  if (!formatter) {
    // h23: midnight is 00:00 (`hour12: false` alone gives en-US's "24:00").
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short", hourCycle: "h23" });
    englishDateTimes.set(timeZone, formatter);
  }
  return formatter.format(typeof value === "string" ? new Date(value) : value);
}

/** es-AR `10:00 - 11:00`, English `10:00 – 11:00`: 24-hour in both. */
export function formatTimeRangeFor(language: Language, start: string, end: string): string {
  const separator = language === "es-AR" ? " - " : " – ";
  return `${formatTime(start)}${separator}${formatTime(end)}`;
}

let agencyClock: Intl.DateTimeFormat | undefined;

/**
 * A moment as the agency reads it and a spreadsheet takes it for a date and time, whatever the
 * spreadsheet's locale: `2026-03-05 10:05`, on Buenos Aires' clock. (Its formatter is built when
 * first used: never on a public page's start.)
 */
export function agencyDateTime(moment: string | Date): string {
  agencyClock ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: AGENCY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const part = Object.fromEntries(agencyClock.formatToParts(new Date(moment)).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
