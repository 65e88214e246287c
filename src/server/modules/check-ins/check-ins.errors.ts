import { t } from "@common/i18n";
/** The check-in module's errors, declared once: code, status and the catalogue's text. */
import { AppError, errors } from "../../errors";

export const checkInErrors = {
  /** An unknown or forged token, an unknown code or id, an erased registration: all the same answer. */
  notFound: () => new AppError(404, "not_found", t("checkin.errors.notFound")),
  /** Letting in a minor without the guardian's approval is an admin's decision (issue 32). */
  overrideAdminsOnly: () => errors.forbidden(t("checkin.errors.overrideAdminsOnly")),
  eventNotFound: () => new AppError(404, "event_not_found", t("common.errors.notFound")),
};
