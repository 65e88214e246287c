/** The waiting list's errors, declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError, errors } from "../../errors";

export const waitlistErrors = {
  invalidToken: () => new AppError(404, "invalid_token", t("public.waitlist.invalid")),
  duplicate: () => new AppError(409, "duplicate_registration", t("public.errors.waitlistDuplicate")),
  offerUnavailable: () => new AppError(409, "offer_unavailable", t("public.errors.offerUnavailable")),
  entryNotFound: () => errors.notFound(),
  /** An entry with no consent on record: it cannot become a registration (issue 18). */
  consentMissing: () => new AppError(409, "consent_required", t("privacy.consent.errors.waitlistEntry")),
};
