/** The API tokens' errors (issue 37), declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError } from "../../errors";

export const tokenErrors = {
  notFound: () => new AppError(404, "token_not_found", t("integrations.errors.notFound")),
  /** Asked for capabilities the caller's own account does not hold: named under the form's field. */
  permissionNotHeld: (names: string[]) => {
    const message = t("integrations.errors.permissionNotHeld", { names: names.join(", ") });
    return new AppError(403, "token_permission_not_held", message, { permissions: message });
  },
  expiryPast: () =>
    new AppError(400, "validation_failed", t("integrations.errors.expiryPast"), {
      expiresAt: t("integrations.errors.expiryPast"),
    }),
  /** A token calling the routes that make and revoke tokens. */
  sessionOnly: () => new AppError(403, "session_only", t("integrations.errors.sessionOnly")),
  rateLimited: () => new AppError(429, "rate_limited", t("integrations.errors.rateLimited")),
};
