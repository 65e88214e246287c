/**
 * Typed domain errors with a stable code and HTTP status. The one error handler in app.ts
 * shapes them into `{"error": {"code", "message", "fields"?}}` and hides everything else.
 */
import { t } from "@common/i18n";
import type { ErrorCode } from "@common/errors";

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const errors = {
  validation: (fields: Record<string, string>, message = t("common.errors.validation")) =>
    new AppError(400, "validation_failed", message, fields),
  unauthenticated: () => new AppError(401, "unauthenticated", t("common.errors.unauthenticated")),
  forbidden: (message = t("common.errors.forbidden")) => new AppError(403, "forbidden", message),
  accountPending: () => new AppError(403, "account_pending", t("common.errors.accountPending")),
  notFound: (message = t("common.errors.notFound")) => new AppError(404, "not_found", message),
  conflict: (code: ErrorCode, message: string) => new AppError(409, code, message),
};
