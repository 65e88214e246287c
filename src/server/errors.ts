/**
 * Typed domain errors with a stable code and HTTP status. The one error handler in app.ts
 * shapes them into `{"error": {"code", "message", "fields"?}}` and hides everything else.
 */
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
  validation: (fields: Record<string, string>, message = "Some fields are not valid.") =>
    new AppError(400, "validation_failed", message, fields),
  unauthenticated: () => new AppError(401, "unauthenticated", "You must sign in."),
  forbidden: (message = "You are not allowed to do this.") => new AppError(403, "forbidden", message),
  accountPending: () => new AppError(403, "account_pending", "Your account is awaiting approval."),
  notFound: (message = "Not found.") => new AppError(404, "not_found", message),
  conflict: (code: ErrorCode, message: string) => new AppError(409, code, message),
};
