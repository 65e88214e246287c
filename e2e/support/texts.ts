/**
 * The product's texts as a journey reads them, in either language, from the same catalogue the app
 * speaks (src/common/i18n): `textsIn("en")("events.list.title")`. The JSON files are read from disk:
 * Playwright's loader does not import JSON modules.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import {
  LANGUAGES,
  loadCatalogue,
  translator,
  type Language,
  type NamespaceMessages,
  type Translate,
} from "../../src/common/i18n";

const CATALOGUE = fileURLToPath(new URL("../../src/common/i18n", import.meta.url));

for (const language of LANGUAGES) {
  const folder = path.join(CATALOGUE, language);
  const namespaces: Record<string, NamespaceMessages> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".json"))) {
    namespaces[path.basename(file, ".json")] = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as NamespaceMessages;
  }
  loadCatalogue(language, namespaces, compileMessage);
}

export function textsIn(language: Language): Translate {
  return translator(language);
}
