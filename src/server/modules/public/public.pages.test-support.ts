/**
 * The public pages as the server sends them, for the tests that read them without running any
 * JavaScript: the public entry's server build (vite.config.ts ssrConfig, built into a scratch folder)
 * renders them into a public.html like the build's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PAGE_STATE_ELEMENT_ID, type PublicPageState } from "@common/schemas/public-page";
import { build, mergeConfig } from "vite";
import { afterAll, beforeAll } from "vitest";
import { ssrConfig } from "../../../../vite.config";
import { buildApp, type App } from "../../app";
import type { Db } from "../../db/client";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { testConfig } from "../../test/harness";

export const PUBLIC_URL = "https://opencall.test";
export const TEMPLATE = `<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="OpenCall: castings abiertos para agencias de modelos." />
    <title>OpenCall</title>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/public-test.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/i18n-test.js">
    <link rel="stylesheet" crossorigin href="/assets/public-test.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

export const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', false);\n";
export const HYDRATE_SCRIPT = "(function (script) { window.started = script.dataset.modules; })(document.currentScript);\n";
export const CSS = "@font-face{font-family:Inter;src:url(/assets/inter-test.woff2) format('woff2')}h1{font-weight:700}";

/**
 * An app serving the public pages rendered by a fresh server build of the public entry, on its own
 * database: call once per test file, at its top.
 */
export function useRenderedPublicPages(): { readonly app: App; readonly db: Db } {
  let app: App | undefined;
  let testDb: TestDatabase | undefined;
  const scratch = mkdtempSync(path.join(tmpdir(), "opencall-ssr-"));

  beforeAll(async () => {
    const webRoot = path.join(scratch, "web");
    const ssrOut = path.join(scratch, "ssr");
    await build(mergeConfig(ssrConfig(), { configFile: false, logLevel: "silent", build: { outDir: ssrOut, sourcemap: false } }));
    mkdirSync(webRoot);
    writeFileSync(path.join(webRoot, "public.html"), TEMPLATE);
    writeFileSync(path.join(webRoot, "theme-init.js"), THEME_SCRIPT);
    writeFileSync(path.join(webRoot, "hydrate-after-paint.js"), HYDRATE_SCRIPT);
    mkdirSync(path.join(webRoot, "assets"));
    writeFileSync(path.join(webRoot, "assets", "public-test.css"), CSS);
    writeFileSync(
      path.join(webRoot, "index.html"),
      '<!doctype html><html lang="es-AR"><head><meta name="viewport" content="width=device-width" /><title>OpenCall</title></head><body><div id="root"></div></body></html>',
    );
    testDb = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ publicUrl: PUBLIC_URL }),
      database: testDb.database,
      webRoot,
      ssrEntry: path.join(ssrOut, "entry-server.js"),
      logger: false,
    });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });
  return {
    get app() {
      if (!app) throw new Error("the rendered app is built in beforeAll");
      return app;
    },
    get db() {
      if (!testDb) throw new Error("the database is created in beforeAll");
      return testDb.database.db;
    },
  };
}

/** The text a person reads: tags dropped, entities decoded, spaces collapsed. */
export const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

export const bodyOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? "";
export const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/:/g, "\\:")}" content="([^"]*)"`).exec(html)?.[1];
export const stateOf = (html: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1] ?? "null",
  ) as PublicPageState;
