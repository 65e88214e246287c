import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import checkFile from "eslint-plugin-check-file";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import i18next from "eslint-plugin-i18next";
import tseslint from "typescript-eslint";

/**
 * A web feature is imported by another only through its public entry (features/<name>/index.ts):
 * what is inside (api/, components/, pages/, hooks/) is its own.
 */
const webFeatures = readdirSync("src/web/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = webFeatures.map((feature) => ({
  target: `./src/web/features/!(${feature})/**/*`,
  from: `./src/web/features/${feature}`,
  except: ["./index.ts"],
  message: `Import the ${feature} feature through its public entry, @web/features/${feature}.`,
}));

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "src/server/db/migrations/",
      "src/web/public/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX, "check-file": checkFile },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // Without these, import-x skips .ts/.tsx files when it follows imports, and no-cycle never
      // sees a cycle (it reported none while storage.ts ↔ disk.ts was one).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-cycle": ["error", { maxDepth: 10 }],
      "import-x/no-duplicates": "error",
      // One-way imports (docs/code-style.md): web and server may import common, never each other;
      // inside web: components/lib → features → app.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/common",
              from: ["./src/server", "./src/web"],
              message: "common has no I/O and imports neither side.",
            },
            { target: "./src/server", from: "./src/web", message: "The server never imports the web app." },
            {
              target: "./src/web",
              from: "./src/server",
              message: "The web app never imports the server; share through src/common.",
            },
            { target: "./src/web/features", from: "./src/web/app", message: "Features never import the app layer." },
            {
              target: ["./src/web/components", "./src/web/lib"],
              from: ["./src/web/features", "./src/web/app"],
              message: "Shared components and lib never import features or the app.",
            },
            ...featureBoundaries,
          ],
        },
      ],
      // File and folder names in kebab-case; a file's role is a dotted suffix (events.routes.ts, use-load.test.ts).
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx,js,mjs}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "{src,e2e,bench,scripts,docs}/**/": "KEBAB_CASE" }],
    },
  },
  {
    // A file or a function a person reads in one sitting (issue 14).
    files: ["src/**/*.{ts,tsx}", "bench/**/*.ts", "scripts/**/*.{ts,mjs}", "e2e/**/*.ts"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    files: ["src/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs}"],
    ignores: ["**/*.test.{ts,tsx}", "src/server/test/**", "src/web/test/**"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Server modules: <feature>.<role>.ts (routes, service, repository, errors, emails…).
    files: ["src/server/modules/**/*.ts"],
    rules: {
      "check-file/filename-naming-convention": ["error", { "**/*.ts": "+([a-z0-9-]).+([a-z0-9-])*(.+([a-z0-9-]))" }],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Playwright fixtures take their dependencies as a destructured (possibly empty) object.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["src/common/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "fs", "path", "pg", "fastify", "react", "react-dom"],
              message: "src/common is pure: no I/O, no framework.",
            },
          ],
        },
      ],
    },
  },
  {
    // No user-visible string outside the catalogue (docs/i18n.md): text in JSX and the attributes a
    // person reads or hears must come from t().
    files: ["src/web/**/*.tsx"],
    ignores: ["**/*.test.tsx", "src/web/test/**"],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": {
            include: ["aria-label", "aria-description", "title", "placeholder", "alt", "label", "aria-valuetext"],
          },
          // Field names, ids and keys ("email", "create-admin-email", "timeslotId") are code, not text.
          // Capability names ("registrations.edit", @common/permissions) are code too.
          words: { exclude: ["[0-9!-/:-@[-`{-~]+", "[A-Z_-]+", "[a-z][A-Za-z0-9-]*", "[a-z]+\\.[a-z]+", "[—–·…•\\s]+"] },
          message: "A text a person reads comes from the catalogue: t('namespace.key') (docs/i18n.md).",
        },
      ],
    },
  },
  {
    // The web asks can(…) (issue 33, ADR 021): no screen compares role names, so a new role needs no
    // change here. Showing a role (its badge, the users page's selector) is fine; deciding by it is not.
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["**/*.test.tsx", "**/*.test.ts", "src/web/test/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "BinaryExpression > Literal[value=/^(viewer|member|admin|superadmin)$/]",
          message: "Ask can('capability') (@web/features/accounts) instead of comparing role names (ADR 021).",
        },
        {
          selector: "BinaryExpression > MemberExpression[property.name='role']",
          message: "Ask can('capability') (@web/features/accounts) instead of comparing roles (ADR 021).",
        },
        {
          selector: "SwitchStatement > MemberExpression.discriminant[property.name='role']",
          message: "Ask can('capability') (@web/features/accounts) instead of switching on roles (ADR 021).",
        },
      ],
    },
  },
);
