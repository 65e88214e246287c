/**
 * The accounts module's errors, declared once: code, status and the catalogue's text. better-auth's
 * own refusals (`{code, message}`) are translated here into the API's shape too.
 */
import type { ApiErrorBody, ErrorCode } from "@common/errors";
import { t } from "@common/i18n";
import { AppError, errors } from "../../errors";

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export const accountErrors = {
  invalidInput: (field: string, message: string) => errors.validation({ [field]: message }),
  /** The same answer as the app's own for an unknown /api path. */
  routeNotFound: (method: string, path: string) =>
    new AppError(404, "route_not_found", t("accounts.errors.routeNotFound", { method, path })),
  signUpClosed: () => new AppError(403, "signup_closed", t("accounts.registrationDisabled.body")),
  /** This account's sign-in is locked for `seconds` more. */
  tooManySignIns: (seconds: number) =>
    new AppError(429, "rate_limited", t("accounts.errors.tooManySignIns", { minutes: minutes(seconds) })),
  unlockInvalid: () => new AppError(400, "invalid_token", t("accounts.errors.unlockInvalid")),
  userNotFound: () => errors.notFound(t("accounts.users.notFound")),
  emailNotVerified: () => errors.conflict("email_not_verified", t("accounts.users.approveUnverified")),
  roleNotAllowed: () => new AppError(403, "forbidden", t("accounts.users.roleNotAllowed")),
  roleNeedsVerifiedEmail: () => errors.conflict("email_not_verified", t("accounts.users.roleNeedsVerifiedEmail")),
  superadminProtected: () => new AppError(403, "superadmin_protected", t("accounts.users.cannotDeleteSuperadmin")),
  emailDomainNotAllowed: (domain: string) =>
    new AppError(400, "email_domain_not_allowed", t("accounts.users.createAdmin.domainNotAllowed", { domain }), {
      email: t("accounts.users.createAdmin.domainNotAllowed", { domain }),
    }),
};

/** better-auth's codes the web app acts on, and the field each concerns; any other is lower-cased. */
const BETTER_AUTH_CODES: Record<string, { code: ErrorCode; field?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: "invalid_credentials" },
  PASSWORD_TOO_SHORT: { code: "validation_failed", field: "password" },
  PASSWORD_TOO_LONG: { code: "validation_failed", field: "password" },
  INVALID_EMAIL: { code: "validation_failed", field: "email" },
  VALIDATION_ERROR: { code: "validation_failed" },
  EMAIL_PASSWORD_SIGN_UP_DISABLED: { code: "signup_closed" },
  INVALID_TOKEN: { code: "invalid_token" },
  TOKEN_EXPIRED: { code: "invalid_token" },
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "validation_failed",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
};

/** The API's error body for a better-auth refusal: its status, JSON body (or "") and retry delay. */
export function betterAuthErrorBody(status: number, raw: string, retryAfterSeconds = 0): ApiErrorBody {
  if (status === 429) {
    return {
      error: { code: "rate_limited", message: t("accounts.errors.tooManyAttempts", { minutes: minutes(retryAfterSeconds) }) },
    };
  }
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    // not JSON after all: fall back to the status
  }
  const upstream = typeof parsed.code === "string" ? parsed.code : "";
  const message = typeof parsed.message === "string" && parsed.message ? parsed.message : t("accounts.errors.requestFailed");
  const known = BETTER_AUTH_CODES[upstream];
  const code = known?.code ?? (upstream ? upstream.toLowerCase() : (CODE_BY_STATUS[status] ?? "internal_error"));
  return { error: { code, message, ...(known?.field ? { fields: { [known.field]: message } } : {}) } };
}
