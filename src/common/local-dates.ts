/**
 * Calendar dates and wall-clock times written for a language. es-AR keeps the product's own forms
 * (`dd/mm/aa`, `HH:MM`, SPEC.md §9); other languages use Intl's. Dates and times are formatted in
 * UTC from their own fields, so no time zone can shift them.
 */
import { formatDateEsAr, formatTime, parseIsoDate } from "./dates";
import type { Language } from "./i18n";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, kind: "date" | "time"): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(
      language,
      kind === "date"
        ? { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }
        : { timeZone: "UTC", hour: "numeric", minute: "2-digit" },
    );
    formatters.set(key, found);
  }
  return found;
}

/** An event's date: `05/03/26` in es-AR, `Mar 5, 2026` in English. */
export function formatDateFor(isoDate: string, language: Language): string {
  if (language === "es-AR") return formatDateEsAr(isoDate);
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  return formatter(language, "date").format(Date.UTC(date.year, date.month - 1, date.day));
}

/** A slot's time: `14:30` in es-AR, `2:30 PM` in English. */
export function formatTimeFor(value: string, language: Language): string {
  const hhmm = formatTime(value);
  if (language === "es-AR") return hhmm;
  const [hours, minutes] = hhmm.split(":").map(Number);
  if (hours === undefined || minutes === undefined || Number.isNaN(hours) || Number.isNaN(minutes)) return hhmm;
  return formatter(language, "time").format(Date.UTC(1970, 0, 1, hours, minutes));
}

/** `10:00 - 11:00` in es-AR, `10:00 AM – 11:00 AM` in English. */
export function formatTimeRangeFor(start: string, end: string, language: Language): string {
  const separator = language === "es-AR" ? " - " : " – ";
  return `${formatTimeFor(start, language)}${separator}${formatTimeFor(end, language)}`;
}
