/**
 * Dates and timestamps in a reader's language. es-AR keeps the product's `dd/mm/aa` (SPEC.md §9);
 * English spells the month, so a date is never read the wrong way round.
 */
import { formatDateEsAr, formatDateTimeEsAr, parseIsoDate } from "./dates";
import type { Language } from "./i18n/languages";

const AGENCY_TIME_ZONE = "America/Argentina/Buenos_Aires";

const englishDate = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
const englishDateTimes = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (`YYYY-MM-DD`): es-AR `23/11/26`, English `Nov 23, 2026`. */
export function formatDateFor(language: Language, isoDate: string): string {
  if (language === "es-AR") return formatDateEsAr(isoDate);
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  // The calendar date read as midnight UTC and formatted in UTC: no time zone can move its day.
  return englishDate.format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
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
