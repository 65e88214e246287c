/**
 * The server's check of a registration's consent and guardian answers (issue 18, ADR 016): the
 * form checks the same rule (consentProblems), but only this one decides. Any route that creates a
 * registration (the public form, issue 19's waiting list) calls `consentValues` first:
 *
 *   const consent = consentValues(input, { currentNoticeVersion, photoConsentNeeded, now });
 */
import type { GuardianStatus } from "@common/constants";
import { t } from "@common/i18n";
import { consentProblems, needsGuardian, type ConsentInput } from "@common/privacy/consent";
import { todayIso } from "@common/dates";
import { normalizeEmail } from "@common/registrant/normalize";
import { AppError } from "../../errors";

/** What a registration stores of its consent and guardian (issue 18). */
export interface RegistrationConsentValues {
  privacyNoticeVersion: number;
  consentedAt: Date;
  consentDataProcessing: boolean;
  consentPhotoScouting: boolean;
  /** Shown to the agency's clients (issue 36); given, when true, at `consentedAt`. */
  consentClientSharing: boolean;
  guardianName: string | null;
  guardianEmail: string | null;
  guardianStatus: GuardianStatus;
}

export const consentErrors = {
  /** 400 consent_required, each missing or wrong answer under its field. */
  required: (fields: Record<string, string>) =>
    new AppError(400, "consent_required", Object.values(fields)[0] ?? t("privacy.consent.errors.dataProcessing"), fields),
};

/**
 * The consent and guardian columns of a new registration, or 400 consent_required: consent to the
 * processing refused or missing, the photo consent missing where photos are asked, the notice
 * version unknown, or a 16- or 17-year-old without their guardian's name and e-mail.
 */
export function consentValues(
  input: ConsentInput & { dateOfBirth: string; email: string },
  options: { currentNoticeVersion: number; photoConsentNeeded: boolean; now: Date },
): RegistrationConsentValues {
  const today = todayIso(options.now);
  const problems: Record<string, string> = consentProblems(input, { photoConsentNeeded: options.photoConsentNeeded, today });
  // The version the person was shown is recorded; one that was never published is refused. (A form
  // opened before a publication still records the version its reader agreed to.)
  if (input.privacyNoticeVersion !== undefined && input.privacyNoticeVersion > options.currentNoticeVersion)
    problems.privacyNoticeVersion = t("privacy.consent.errors.noticeVersion");
  if (Object.keys(problems).length > 0) throw consentErrors.required(problems);
  const minor = needsGuardian(input.dateOfBirth, today);
  return {
    privacyNoticeVersion: input.privacyNoticeVersion!,
    consentedAt: options.now,
    consentDataProcessing: true,
    consentPhotoScouting: input.consentPhotoScouting === true,
    consentClientSharing: input.consentClientSharing === true,
    guardianName: minor ? input.guardianName!.trim() : null,
    guardianEmail: minor ? normalizeEmail(input.guardianEmail!) : null,
    guardianStatus: minor ? "pending" : "not_required",
  };
}
