/**
 * Dates and timestamps in a reader's language. es-AR keeps the product's `dd/mm/aa` (SPEC.md §9);
 * English spells the month, so a date is never read the wrong way round.
 */
import { formatDateEsAr, formatDateLong, formatDateTimeEsAr, formatTime, parseIsoDate } from "./dates";
import type { Language } from "./i18n/languages";

const AGENCY_TIME_ZONE = "America/Argentina/Buenos_Aires";

// A calendar date and a slot's time carry no time zone, so English writes them itself, as
// en-US's medium date and short time do. Why not Intl: building the first Intl.DateTimeFormat
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

/** A date on the PDF sheet and in e-mails: es-AR `dd/MM/yyyy` (SPEC.md), English `Mar 5, 2026`. */
export function formatLongDateFor(language: Language, isoDate: string): string {
  return language === "es-AR" ? formatDateLong(isoDate) : formatDateFor(language, isoDate);
}

/** A moment shown to staff in the agency's time zone: es-AR `23/11/26, 05:21 a. m.`, English `Nov 23, 2026, 5:21 AM`. */
export function formatDateTimeFor(language: Language, value: string | Date, timeZone = AGENCY_TIME_ZONE): string {
  if (language === "es-AR") return formatDateTimeEsAr(value, timeZone);
  let formatter = englishDateTimes.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" });
    englishDateTimes.set(timeZone, formatter);
  }
  return formatter.format(typeof value === "string" ? new Date(value) : value);
}

/** A slot's wall-clock time: es-AR `14:30`, English `2:30 PM`. */
export function formatTimeFor(language: Language, value: string): string {
  const hhmm = formatTime(value);
  if (language === "es-AR") return hhmm;
  const [hours, minutes] = hhmm.split(":").map(Number);
  if (hours === undefined || minutes === undefined || Number.isNaN(hours) || Number.isNaN(minutes)) return hhmm;
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/** es-AR `10:00 - 11:00`, English `10:00 AM – 11:00 AM`. */
export function formatTimeRangeFor(language: Language, start: string, end: string): string {
  const separator = language === "es-AR" ? " - " : " – ";
  return `${formatTimeFor(language, start)}${separator}${formatTimeFor(language, end)}`;
}
