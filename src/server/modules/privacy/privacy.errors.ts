/** The privacy module's errors, declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError } from "../../errors";

export const privacyErrors = {
  /** A manage or guardian link that names no registration (never was, or erased). */
  invalidLink: () => new AppError(404, "invalid_token", t("privacy.errors.invalidLink")),
  invalidGuardianLink: () => new AppError(404, "invalid_token", t("privacy.guardian.page.invalid")),
  noticeNotFound: () => new AppError(404, "not_found", t("privacy.errors.noticeNotFound")),
};
