/**
 * Every request's input, before any route sees it (issue 15, point 5): control characters and
 * nesting no text or form of this API ever holds, refused with a 400 in the error shape instead
 * of reaching PostgreSQL (which refuses NUL in text outright) or a recursive library (better-auth
 * serialises a sign-in body again: 100,000 levels deep overflowed the stack).
 *
 * - Path and query parameters are one-line texts: no C0 control character, no DEL.
 * - JSON bodies: no C0 control character but tab and line breaks (multi-line texts keep theirs;
 *   the shared schemas refuse those in one-line fields), in values and keys alike, and nesting at
 *   most MAX_BODY_DEPTH levels deep.
 */
import { t } from "@common/i18n";
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_BUT_LINE_BREAKS, CONTROL_CHARACTERS_MESSAGE } from "@common/text";
import type { FastifyInstance } from "fastify";
import { errors } from "../errors";

/** Deeper than any form of the API (an event with its slots is 3 levels). */
export const MAX_BODY_DEPTH = 32;

// The shared schemas' own message, so a field tells the same whichever refuses it first.
const CONTROL_MESSAGE = CONTROL_CHARACTERS_MESSAGE;

function parameterProblem(values: unknown): string | undefined {
  if (!values || typeof values !== "object") return undefined;
  for (const [name, value] of Object.entries(values)) {
    const texts = Array.isArray(value) ? value : [value];
    if (CONTROL_CHARACTERS.test(name) || texts.some((text) => typeof text === "string" && CONTROL_CHARACTERS.test(text))) {
      return name;
    }
  }
  return undefined;
}

/** The first field of the body that breaks a rule, and why; walked without recursion. */
function bodyProblem(body: unknown): { field: string; message: string } | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(value)) return { field: path || "request", message: CONTROL_MESSAGE() };
      continue;
    }
    if (!value || typeof value !== "object") continue;
    if (depth >= MAX_BODY_DEPTH) return { field: path || "request", message: t("common.errors.tooDeep") };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(key)) return { field: "request", message: CONTROL_MESSAGE() };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

export function registerInputGuard(app: FastifyInstance): void {
  // Before the route's own schema (preValidation) and before better-auth's handler.
  app.addHook("preValidation", async (request) => {
    const parameter = parameterProblem(request.params) ?? parameterProblem(request.query);
    if (parameter !== undefined) throw errors.validation({ [parameter]: CONTROL_MESSAGE() });
    const problem = bodyProblem(request.body);
    if (problem) throw errors.validation({ [problem.field]: problem.message });
  });
}
