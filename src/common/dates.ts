/**
 * Calendar dates (`YYYY-MM-DD`) and wall-clock times (`HH:MM`) are handled as strings and
 * never pass through a UTC `Date`, so no time zone can shift them (docs/architecture.md invariants).
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

/**
 * A date PostgreSQL's `date` stores as written: year 1 to 9999 (PostgreSQL has no year 0, and reads
 * "0000-01-01" as an error; beyond four digits the text is no longer YYYY-MM-DD). The one rule for
 * every date the API takes.
 */
export function isStorableIsoDate(value: string): boolean {
  const date = parseIsoDate(value);
  return date !== null && date.year >= 1;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** es-AR short date: `dd/mm/aa` (docs/product.md §9). */
export function formatDateEsAr(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  return `${pad2(date.day)}/${pad2(date.month)}/${pad2(date.year % 100)}`;
}

/** The PDF sheet's date: `dd/MM/yyyy`. */
export function formatDateLong(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  return `${pad2(date.day)}/${pad2(date.month)}/${String(date.year).padStart(4, "0")}`;
}

export function isTime(value: string): boolean {
  return TIME.test(value);
}

/** `HH:MM:SS` (as PostgreSQL returns a `time`) or `HH:MM` → `HH:MM`. */
export function formatTime(value: string): string {
  return value.slice(0, 5);
}

export function formatTimeRange(start: string, end: string): string {
  return `${formatTime(start)} - ${formatTime(end)}`;
}

// Building an Intl.DateTimeFormat is costly (it showed up at 10% of a registration's CPU time):
// one formatter per time zone, reused.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Today's calendar date in the given time zone (default: the agency's, Buenos Aires). */
export function todayIso(now: Date = new Date(), timeZone = "America/Argentina/Buenos_Aires"): string {
  // Formatting to parts is slow next to everything else a registration does (it runs a few times
  // per request): remember the answer for the minute, which no time zone's midnight splits.
  const minute = Math.floor(now.getTime() / 60_000);
  const known = todayByZone.get(timeZone);
  if (known?.minute === minute) return known.day;
  const parts = dayFormatter(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${get("year")}-${get("month")}-${get("day")}`;
  todayByZone.set(timeZone, { minute, day });
  return day;
}

const todayByZone = new Map<string, { minute: number; day: string }>();

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes since midnight of `now` on the wall clock of the time zone (default: the agency's). */
export function wallClockMinutes(now: Date, timeZone = "America/Argentina/Buenos_Aires"): number {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    clockFormatters.set(timeZone, formatter);
  }
  const [hours = 0, minutes = 0] = formatter.format(now).split(":").map(Number);
  return hours * 60 + minutes;
}

/** Minutes since midnight of a wall-clock time, `HH:MM` or `HH:MM:SS`. */
export function minutesOfTime(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** Age in whole years on `onDate` for someone born on `birthDate` (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, onDate: string): number | null {
  const birth = parseIsoDate(birthDate);
  const on = parseIsoDate(onDate);
  if (!birth || !on) return null;
  let age = on.year - birth.year;
  if (on.month < birth.month || (on.month === birth.month && on.day < birth.day)) age -= 1;
  return age;
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** A timestamp in es-AR, in the agency's time zone: `23/11/26, 17:21` (24-hour, dates-language.ts). */
export function formatDateTimeEsAr(value: string | Date, timeZone = "America/Argentina/Buenos_Aires"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  // One formatter per time zone: building one cost a repeat scan at the door 8% of its CPU time.
  let formatter = dateTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("es-AR", {
      timeZone,
      day: "2-digit",
      month: "2-digit",
      year: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    dateTimeFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}
