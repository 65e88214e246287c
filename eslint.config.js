import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "data/", "test-results/", "playwright-report/", "src/server/db/migrations/", "src/web/public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-cycle": ["error", { maxDepth: 10 }],
      // One-way imports (STYLE.md): web and server may import common, never each other;
      // inside web: components/lib → features → app.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./src/common", from: ["./src/server", "./src/web"], message: "common has no I/O and imports neither side." },
            { target: "./src/server", from: "./src/web", message: "The server never imports the web app." },
            { target: "./src/web", from: "./src/server", message: "The web app never imports the server; share through src/common." },
            { target: "./src/web/features", from: "./src/web/app", message: "Features never import the app layer." },
            {
              target: ["./src/web/components", "./src/web/lib"],
              from: ["./src/web/features", "./src/web/app"],
              message: "Shared components and lib never import features or the app.",
            },
          ],
        },
      ],
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
        { patterns: [{ group: ["node:*", "fs", "path", "pg", "fastify", "react", "react-dom"], message: "src/common is pure: no I/O, no framework." }] },
      ],
    },
  },
);
