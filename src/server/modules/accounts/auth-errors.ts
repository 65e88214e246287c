/**
 * better-auth answers errors as `{code, message}`; the API's shape is `{error: {code, message}}`
 * with our snake_case codes. Only the codes the web app acts on are renamed.
 */
import type { ApiErrorBody } from "@common/errors";

const RENAMED: Record<string, { code: string; field?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: "invalid_credentials" },
  PASSWORD_TOO_SHORT: { code: "validation_failed", field: "password" },
  PASSWORD_TOO_LONG: { code: "validation_failed", field: "password" },
  INVALID_EMAIL: { code: "validation_failed", field: "email" },
  VALIDATION_ERROR: { code: "validation_failed" },
  EMAIL_PASSWORD_SIGN_UP_DISABLED: { code: "signup_closed" },
  INVALID_TOKEN: { code: "invalid_token" },
  TOKEN_EXPIRED: { code: "invalid_token" },
};

export function authErrorBody(status: number, raw: string, retryAfterSeconds = 0): ApiErrorBody {
  if (status === 429) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return {
      error: {
        code: "rate_limited",
        message: `Too many attempts. Please wait ${minutes} minute(s) and try again.`,
      },
    };
  }
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    // not JSON after all: fall back to the status
  }
  const upstream = typeof parsed.code === "string" ? parsed.code : "";
  const message = typeof parsed.message === "string" && parsed.message ? parsed.message : "The request failed.";
  const renamed = RENAMED[upstream];
  const code = renamed?.code ?? (upstream ? upstream.toLowerCase() : status === 401 ? "unauthenticated" : "forbidden");
  return {
    error: {
      code,
      message,
      ...(renamed?.field ? { fields: { [renamed.field]: message } } : {}),
    },
  };
}
