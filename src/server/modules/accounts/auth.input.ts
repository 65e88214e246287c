/**
 * What /api/auth/* accepts before anything reaches better-auth, which has no schema of ours: its
 * bodies are flat objects (a few with one array), so deep nesting is refused before JSON.stringify
 * overflows the stack on it, and control characters (NUL included: PostgreSQL cannot store it) are
 * refused in every string, as the shared schemas refuse them in texts.
 */
import { t } from "@common/i18n";
import type { AppError } from "../../errors";
import { accountErrors } from "./accounts.errors";

/** Deeper than any better-auth endpoint's body. */
export const AUTH_BODY_MAX_DEPTH = 8;

// eslint-disable-next-line no-control-regex -- control characters are exactly what this matches
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The first problem of an /api/auth/* body, as a 400 naming its top-level field, or undefined. */
export function authBodyProblem(body: unknown): AppError | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  // Walked with a stack of its own: recursion is what a deep body would overflow.
  const pending: Array<{ value: unknown; depth: number; field: string }> = [{ value: body, depth: 1, field: "request" }];
  while (pending.length > 0) {
    const { value, depth, field } = pending.pop()!;
    if (typeof value === "string") {
      if (CONTROL_CHARACTER.test(value)) return accountErrors.invalidInput(field, t("accounts.validation.controlCharacters"));
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth > AUTH_BODY_MAX_DEPTH) return accountErrors.invalidInput(field, t("accounts.validation.tooDeep"));
    for (const [key, item] of Object.entries(value)) {
      const itemField = depth === 1 ? key : field;
      if (CONTROL_CHARACTER.test(key)) return accountErrors.invalidInput(itemField, t("accounts.validation.controlCharacters"));
      pending.push({ value: item, depth: depth + 1, field: itemField });
    }
  }
  return undefined;
}

/** A control character in the path or query string (decoded), as a 400, or undefined. */
export function authUrlProblem(url: string): AppError | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return accountErrors.invalidInput("request", t("accounts.validation.controlCharacters"));
  }
  return CONTROL_CHARACTER.test(decoded)
    ? accountErrors.invalidInput("request", t("accounts.validation.controlCharacters"))
    : undefined;
}
