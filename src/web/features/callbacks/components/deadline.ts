/** A callback invitation's deadline, typed as the agency's wall-clock date and time (issue 36). */
import { AGENCY_TIME_ZONE } from "@common/dates-language";

/** The calendar day before `YYYY-MM-DD` (a default deadline: the eve of the callback). */
export function dayBefore(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/**
 * The instant of a date and time on the agency's clock, with its offset (`2031-05-01T20:00:00-03:00`):
 * the offset is the zone's at that moment, read from Intl, so the browser's own zone never counts.
 */
export function agencyInstant(date: string, time: string): string {
  const guess = new Date(`${date}T${time}:00Z`);
  const name = new Intl.DateTimeFormat("en-US", { timeZone: AGENCY_TIME_ZONE, timeZoneName: "longOffset" })
    .formatToParts(guess)
    .find((part) => part.type === "timeZoneName")?.value;
  // "GMT-03:00"; plain "GMT" is UTC itself.
  const offset = name && name !== "GMT" ? name.slice(3) : "+00:00";
  return `${date}T${time}:00${offset}`;
}
