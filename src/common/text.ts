/**
 * Texts a person types. A control character (NUL, a bell, an escape…) is never part of a name or a
 * place: PostgreSQL refuses NUL in text outright, and the others break CSV files and e-mails.
 */
import { t } from "./i18n";

/** C0 controls and DEL, line breaks and tabs included: for one-line texts. */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's purpose
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;
/** The same, but line breaks and tabs are a multi-line text's own (a description, a message). */
// eslint-disable-next-line no-control-regex -- as above
export const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function isOneLineText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}

export function isMultiLineText(value: string): boolean {
  return !CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(value);
}

/**
 * The message of both rules, wherever a schema applies them: a function, so zod makes it when a
 * value is checked, in the language of whoever checks it (`{ error: CONTROL_CHARACTERS_MESSAGE }`).
 */
export const CONTROL_CHARACTERS_MESSAGE = (): string => t("registrant.errors.controlCharacters");
