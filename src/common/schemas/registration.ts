/**
 * The public registration form (SPEC.md §5 "Public registration form"): one schema for the React form
 * and the Fastify route. Written with zod/mini because the public route's JavaScript budget is small
 * (classic zod alone is ~90 KB gzip; zod/mini ~6 KB); fastify-type-provider-zod accepts zod core schemas.
 */
import * as z from "zod/mini";
import { EYE_COLORS, MEASUREMENT_BOUNDS, MIN_REGISTRATION_AGE } from "../constants";
import { ageOn, isIsoDate, todayIso } from "../dates";
import { publicTexts } from "../texts/public";

const t = publicTexts.errors;
const labels = publicTexts.register.fields;

/** Trimmed and lower-cased (the unique index is on lower(email) too). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Digits only, and a single leading zero dropped (a trunk prefix such as 011 → 11). */
export function normalizePhone(value: string): string {
  return value.replace(/\D+/g, "").replace(/^0/, "");
}

/** "@user", "instagram.com/user/" → "user". */
export function normalizeInstagram(value: string): string {
  return value
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?instagram\.com\//i, "")
    .replace(/^@+/, "")
    .replace(/\/+$/, "");
}

/** Age in whole years today, in the agency's time zone; null for an impossible date. */
export function ageToday(dateOfBirth: string, today: string = todayIso()): number | null {
  if (!isIsoDate(dateOfBirth) || dateOfBirth < "1900-01-01") return null;
  const age = ageOn(dateOfBirth, today);
  return age === null || age < 0 ? null : age;
}

const requiredText = (max: number) => z.string({ error: t.required }).check(z.trim(), z.minLength(1, t.required), z.maxLength(max));

const measurement = (name: keyof typeof MEASUREMENT_BOUNDS, label: string) => {
  const { min, max } = MEASUREMENT_BOUNDS[name];
  const message = t.between(label.replace(/ \(cm\)$/, ""), min, max);
  return z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message));
};

export const publicRegistrationSchema = z.object({
  fullName: requiredText(120),
  dateOfBirth: z.string({ error: t.required }).check(
    z.minLength(1, { error: t.required, abort: true }),
    z.refine((value) => ageToday(value) !== null, { error: t.invalidDate, abort: true }),
    z.refine((value) => (ageToday(value) ?? 0) >= MIN_REGISTRATION_AGE, t.underAge),
  ),
  location: requiredText(120),
  email: z.pipe(
    z.string({ error: t.required }).check(z.overwrite(normalizeEmail), z.minLength(1, { error: t.required, abort: true })),
    z.email({ error: t.invalidEmail }).check(z.maxLength(254, t.invalidEmail)),
  ),
  phoneNumber: z.string({ error: t.required }).check(
    z.overwrite(normalizePhone),
    z.minLength(1, { error: t.required, abort: true }),
    z.regex(/^\d{6,15}$/, t.invalidPhone),
  ),
  height: measurement("height", labels.height),
  bust: measurement("bust", labels.bust),
  waist: measurement("waist", labels.waist),
  hips: measurement("hips", labels.hips),
  eyeColor: z.enum(EYE_COLORS, { error: t.eyeColor }),
  instagramHandle: z.string({ error: t.required }).check(
    z.overwrite(normalizeInstagram),
    z.minLength(1, { error: t.required, abort: true }),
    z.regex(/^[A-Za-z0-9._]{1,30}$/, t.invalidInstagram),
  ),
  internationalWork: z.boolean({ error: t.internationalWork }),
  timeslotId: z.uuid({ error: t.noTimeslot }),
  /** Honeypot: invisible to people; a bot that fills it is answered like a success, nothing stored. */
  website: z.optional(z.string().check(z.maxLength(500))),
});

export type PublicRegistrationInput = z.input<typeof publicRegistrationSchema>;
export type PublicRegistration = z.output<typeof publicRegistrationSchema>;
export type PublicRegistrationField = keyof PublicRegistrationInput;

/** The order of the form's fields: the error summary lists errors in this order. */
export const PUBLIC_REGISTRATION_FIELDS = [
  "fullName",
  "dateOfBirth",
  "location",
  "email",
  "phoneNumber",
  "height",
  "bust",
  "waist",
  "hips",
  "eyeColor",
  "instagramHandle",
  "internationalWork",
  "timeslotId",
] as const satisfies readonly PublicRegistrationField[];

/** First message per field, from a failed parse. */
export function fieldErrors(error: z.core.$ZodError): Partial<Record<PublicRegistrationField, string>> {
  const fields: Partial<Record<PublicRegistrationField, string>> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "") as PublicRegistrationField;
    if (name && !fields[name]) fields[name] = issue.message;
  }
  return fields;
}
