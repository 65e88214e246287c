import { compileMessage } from "@lingui/message-utils/compileMessage";
import { afterEach, beforeEach, vi } from "vitest";
import { LANGUAGES, loadCatalogue } from "./i18n";
import { catalogue } from "./i18n/catalogue";

// The catalogue, compiled as the server does when it starts; `t()` speaks es-AR unless a test says otherwise.
for (const language of LANGUAGES) loadCatalogue(language, catalogue[language], compileMessage);

// An unexpected console.error fails the test.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`Unexpected console.error: ${errors.map((e) => e.join(" ")).join("\n")}`);
});
