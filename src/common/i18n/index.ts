/**
 * The product's texts in both languages, through Lingui (ICU MessageFormat: `{count, plural, one
 * {# lugar disponible} other {# lugares disponibles}}`). The catalogue is one JSON file per
 * namespace and language (es-AR/*.json, en/*.json); message ids are the namespace and the JSON
 * path: `t("public.success.title")`.
 *
 * Which language a `t()` call speaks is decided by the side that runs it: the web app follows the
 * person's choice (src/web/lib/language.tsx), the server the request's (src/server/http/language.ts),
 * and code that knows its reader (an e-mail to a registrant) asks `translator(language)`.
 *
 * Messages are compiled once when loaded: by the web build (vite.config.ts, so the compiler stays out
 * of the phone's bundle) or by the server at start (`compile` below).
 */
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { CatalogueShape } from "./catalogue-shape";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages";

export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, preferredLanguage, acceptedTags, languageOfTag } from "./languages";
export type { Language } from "./languages";

/** Every message id: "namespace.path.to.message". */
export type MessageId = Leaves<CatalogueShape>;
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageValues = Record<string, string | number | Date | undefined>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** A namespace's messages as its JSON file holds them, or as the web build compiled them. */
export interface NamespaceMessages {
  [key: string]: string | unknown[] | NamespaceMessages;
}

const instances = Object.fromEntries(
  LANGUAGES.map((language) => [language, setupI18n({ locale: language, messages: { [language]: {} } })]),
) as Record<Language, I18n>;

/**
 * Adds namespaces to a language. `compile` turns a message's text into Lingui's compiled form; the
 * server passes @lingui/message-utils' compiler, the web's messages arrive compiled by its build.
 */
export function loadCatalogue(
  language: Language,
  namespaces: Record<string, NamespaceMessages>,
  compile?: (message: string) => unknown[],
): void {
  const messages: Messages = {};
  const add = (prefix: string, node: NamespaceMessages) => {
    for (const [key, value] of Object.entries(node)) {
      const id = `${prefix}${key}`;
      if (typeof value === "string") messages[id] = compile ? (compile(value) as Messages[string]) : value;
      else if (Array.isArray(value)) messages[id] = value as Messages[string];
      else add(`${id}.`, value);
    }
  };
  for (const [namespace, node] of Object.entries(namespaces)) add(`${namespace}.`, node);
  instances[language].load(language, messages);
}

let languageNow: () => Language = () => DEFAULT_LANGUAGE;

/** Tells `t` where the current language comes from (the web's choice, the server's request). */
export function setLanguageSource(source: () => Language): void {
  languageNow = source;
}

export function currentLanguage(): Language {
  return languageNow();
}

/** A message in the current language. */
export const t: Translate = (id, values) => instances[languageNow()]._(id, values);

/** Messages in one given language, whatever the current one (an e-mail to its reader). */
export function translator(language: Language): Translate {
  const i18n = instances[language];
  return (id, values) => i18n._(id, values);
}

/**
 * Builds, ahead of time, the number formatter every plural message of `language` uses (Lingui
 * formats `#` with an Intl.NumberFormat it memoises, and builds it for any plural). The first
 * Intl.NumberFormat loads the engine's number data: 12–15 ms in Chromium on a fast machine, more on a
 * phone. A page that hydrates calls this in a task of its own first (ADR 013).
 */
export function prepareNumberFormat(language: Language): void {
  instances[language].number(0);
}

/** Whether a language has a message (tests: every id in both languages). */
export function hasMessage(language: Language, id: string): boolean {
  return instances[language].messages[id] !== undefined;
}
