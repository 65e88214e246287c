/**
 * How staff find a registration by typing (issue 32), one rule for the registrations list (and its
 * CSV export) and the door's search: its code however it is typed ("OC-3DHEMC", "oc3dhemc",
 * "3dhemc", "oc 3dhemc"), or a part of the name or of the e-mail, in any case. The server matches
 * the code exactly (its unique index) or the text inside the stored, lower-cased `search_text`
 * (name and e-mail; its trigram index).
 */
import { normaliseRegistrationCode } from "./schemas/check-ins";

/** What a search looks for. */
export interface RegistrationSearchTerms {
  /** The code as stored (`OC-…`) when the typed text can be one; else null. */
  code: string | null;
  /** The typed text, trimmed and lower-cased: found inside a name or an e-mail. */
  text: string;
}

/** What a typed code is made of: letters and digits, and the spaces and dashes a keyboard or a phone may put in. */
const CODE_LIKE = /^[0-9A-Za-z\s\-‐‑‒–—−]*[0-9A-Za-z][0-9A-Za-z\s\-‐‑‒–—−]*$/;

/** The code a typed text can be, as stored, or null (an e-mail, an accent, a dot: not a code). */
export function registrationCodeIn(typed: string): string | null {
  return CODE_LIKE.test(typed) ? normaliseRegistrationCode(typed) : null;
}

export function registrationSearchTerms(q: string): RegistrationSearchTerms {
  const text = q.trim();
  return { code: registrationCodeIn(text), text: text.toLowerCase() };
}
