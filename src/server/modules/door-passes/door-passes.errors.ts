/** The door passes' errors (issue 35), declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { DOOR_PASS_MAX_HOURS } from "@common/schemas/queue";
import { AppError, errors } from "../../errors";

const expiry = (message: string) => new AppError(400, "validation_failed", message, { expiresAt: message });

export const doorPassErrors = {
  notFound: () => new AppError(404, "door_pass_not_found", t("checkin.passes.errors.notFound")),
  /** Unknown, expired or revoked: one answer, which never says which. */
  invalid: () => new AppError(401, "door_pass_invalid", t("checkin.passes.errors.invalid")),
  expiryPast: () => expiry(t("checkin.passes.errors.expiryPast")),
  expiryTooFar: () => expiry(t("checkin.passes.errors.expiryTooFar", { hours: DOOR_PASS_MAX_HOURS })),
  /** A pass acts for its maker: one whose account (or token) lacks what a pass holds gives none. */
  makerLacks: () => errors.forbidden(t("checkin.passes.errors.makerLacks")),
};
