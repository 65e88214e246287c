/**
 * The web build's side of the catalogue (src/common/i18n): each namespace's JSON file is compiled
 * into Lingui's message form while it is bundled, so the phone never downloads the ICU compiler
 * (@lingui/message-utils, ~7 KB gzip). The server compiles the same files when it starts.
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const CATALOGUE_FILE = /\/src\/common\/i18n\/[^/]+\/[^/]+\.json$/;

function compileNode(node: unknown): unknown {
  if (typeof node === "string") return compileMessage(node);
  if (node && typeof node === "object") {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, compileNode(value)]));
  }
  return node;
}

export function compiledCatalogue(): Plugin {
  return {
    name: "opencall-compiled-catalogue",
    enforce: "pre",
    transform(code, id) {
      if (!CATALOGUE_FILE.test(id.split("?")[0] ?? id)) return null;
      // Still JSON: Vite's own JSON plugin turns it into a module afterwards.
      return { code: JSON.stringify(compileNode(JSON.parse(code))), map: null };
    },
  };
}
