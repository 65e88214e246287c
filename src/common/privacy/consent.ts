/**
 * Consent and the guardian (issue 18, ADR 016): which answers a registration needs, one rule for the
 * public form (what it shows and checks) and the server (what it refuses). Pure: no I/O.
 */
import * as z from "zod/mini";
import { ADULT_AGE, MIN_REGISTRATION_AGE } from "../constants";
import { t } from "../i18n";
import { ageToday, normalizeEmail } from "../registrant/normalize";

/** The consent and guardian fields of a public registration (and of issue 19's waiting list). */
export const consentShape = {
  /** The notice version the person was shown. */
  privacyNoticeVersion: z.optional(z.int().check(z.positive(), z.lte(1_000_000))),
  consentDataProcessing: z.optional(z.boolean()),
  consentPhotoScouting: z.optional(z.boolean()),
  /** Optional (issue 36): the agency may show the person's profile and photos to its clients. */
  consentClientSharing: z.optional(z.boolean()),
  guardianName: z.optional(z.string().check(z.maxLength(200), z.trim())),
  guardianEmail: z.optional(z.string().check(z.maxLength(254), z.trim(), z.toLowerCase())),
};
export const consentSchema = z.object(consentShape);
export type ConsentInput = z.output<typeof consentSchema>;
export type ConsentField = keyof ConsentInput;

/** A 16- or 17-year-old (age today, the registrant's age rule): the guardian must approve. */
export function needsGuardian(dateOfBirth: string, today?: string): boolean {
  const age = ageToday(dateOfBirth, today);
  return age !== null && age >= MIN_REGISTRATION_AGE && age < ADULT_AGE;
}

/** The photo consent is asked when the event requires photos or the person sends some. */
export const photoConsentNeeded = (photoSetting: string, sendsPhotos: boolean) => photoSetting === "required" || sendsPhotos;

const validEmail = (value: string) => z.safeParse(z.email(), value).success;

/**
 * What is missing or wrong in a registration's consent and guardian answers, field by field (empty
 * when nothing is). The notice version is checked against the current one by the server.
 */
export function consentProblems(
  input: ConsentInput & { dateOfBirth: string; email: string },
  options: { photoConsentNeeded: boolean; today?: string },
): Partial<Record<ConsentField, string>> {
  const problems: Partial<Record<ConsentField, string>> = {};
  if (input.consentDataProcessing !== true || input.privacyNoticeVersion === undefined)
    problems.consentDataProcessing = t("privacy.consent.errors.dataProcessing");
  if (options.photoConsentNeeded && input.consentPhotoScouting !== true)
    problems.consentPhotoScouting = t("privacy.consent.errors.photoScouting");
  if (needsGuardian(input.dateOfBirth, options.today)) {
    if (!input.guardianName?.trim()) problems.guardianName = t("privacy.guardian.errors.name");
    const guardianEmail = input.guardianEmail ? normalizeEmail(input.guardianEmail) : "";
    if (!validEmail(guardianEmail)) problems.guardianEmail = t("privacy.guardian.errors.email");
    else if (guardianEmail === normalizeEmail(input.email)) problems.guardianEmail = t("privacy.guardian.errors.sameEmail");
  }
  return problems;
}
