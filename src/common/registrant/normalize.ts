/**
 * How a registrant's typed values are cleaned before they are checked and stored (docs/product.md §5), and
 * the age rule's arithmetic. Pure functions, used by the field rules and by whoever shows a value.
 */
import { ageOn, isIsoDate, todayIso } from "../dates";

/** Trimmed and lower-cased (the unique index is on lower(email) too). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Digits only, and a single leading zero dropped (a trunk prefix such as 011 → 11). */
export function normalizePhone(value: string): string {
  return value.replace(/\D+/g, "").replace(/^0/, "");
}

/** What a person types around a phone number's digits: spaces, dashes, dots, slashes, parentheses, a plus. */
export const PHONE_CHARACTERS = /^[\d\s()+./-]*$/;

/** "@user", "instagram.com/user/", "https://www.instagram.com/user/?hl=es" → "user". */
export function normalizeInstagram(value: string): string {
  return value
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?instagram\.com\//i, "")
    .replace(/[?#].*$/, "")
    .replace(/^@+/, "")
    .replace(/\/+$/, "");
}

/** The earliest birth date the form accepts: older dates are typing mistakes. */
export const EARLIEST_BIRTH_DATE = "1900-01-01";

/** Age in whole years today, in the agency's time zone; null for an impossible or future date. */
export function ageToday(dateOfBirth: string, today?: string): number | null {
  if (!isIsoDate(dateOfBirth) || dateOfBirth < EARLIEST_BIRTH_DATE) return null;
  // Today only once there is a date: the empty form's first render builds no Intl.DateTimeFormat.
  const age = ageOn(dateOfBirth, today ?? todayIso());
  return age === null || age < 0 ? null : age;
}
