/**
 * The product's texts as a journey reads them, in either language, from the same catalogue the app
 * speaks (src/common/i18n): `textsIn("en")("events.list.title")`.
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { LANGUAGES, loadCatalogue, translator, type Language, type Translate } from "../../src/common/i18n";
import { catalogue } from "../../src/common/i18n/catalogue";

for (const language of LANGUAGES) loadCatalogue(language, catalogue[language], compileMessage);

export function textsIn(language: Language): Translate {
  return translator(language);
}

/** The browser locale that makes the app choose a language (no saved choice). */
export const BROWSER_LOCALE: Record<Language, string> = { "es-AR": "es-AR", en: "en-US" };
