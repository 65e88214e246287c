import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { LANGUAGES, loadCatalogue } from "@common/i18n";
import { catalogue } from "@common/i18n/catalogue";

// The catalogue as the build compiles it (vitest.config.ts); screens speak es-AR unless a test
// chooses English (localStorage 'language', as the switch does).
for (const language of LANGUAGES) loadCatalogue(language, catalogue[language]);
if (typeof navigator !== "undefined")
  Object.defineProperty(navigator, "languages", { configurable: true, value: ["es-AR", "es"] });

// An unexpected console.error fails the test (React warnings included).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  if (errors.length > 0) throw new Error(`Unexpected console.error: ${errors.map((e) => e.join(" ")).join("\n")}`);
});

// jsdom lacks matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
