import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { compiledCatalogue } from "./scripts/lib/compile-catalogue";

const alias = {
  "@common": fileURLToPath(new URL("./src/common", import.meta.url)),
  "@web": fileURLToPath(new URL("./src/web", import.meta.url)),
  "@server": fileURLToPath(new URL("./src/server", import.meta.url)),
};

// Server tests run once per database: always on PGlite, and again on PostgreSQL
// when TEST_DATABASE_URL is set (CI sets it).
function serverProject(db: "pglite" | "pg"): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name: `server-${db}`,
      include: ["src/server/**/*.test.ts"],
      environment: "node",
      env: { TEST_DB: db, TZ: process.env.TZ ?? "America/Argentina/Buenos_Aires" },
      // The same guard as src/common: an unexpected console.error fails the test.
      setupFiles: ["src/common/test-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // Each file still gets its own app and database (test/harness.ts); what is shared is the
      // module graph (the app, better-auth, the AWS SDK, sharp…), imported once per worker rather
      // than once per file: importing it took ~2 s a file, 540 s of a 21-minute run (12 min without).
      isolate: false,
    },
  };
}

export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one free): the files wait on PostgreSQL, PGlite
    // and child processes as much as they compute; on 2 cores the run took 21 minutes instead of 33.
    maxWorkers: "100%",
    projects: [
      {
        resolve: { alias },
        test: {
          name: "common",
          // The scripts' tests (the docs' checks among them) are plain Node, like common's.
          include: ["src/common/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          setupFiles: ["src/common/test-setup.ts"],
        },
      },
      {
        // The web tests read the catalogue compiled as the build does; common and server compile it on load.
        plugins: [react(), compiledCatalogue()],
        resolve: { alias },
        test: {
          name: "web",
          include: ["src/web/**/*.test.tsx", "src/web/**/*.test.ts"],
          environment: "jsdom",
          setupFiles: ["src/web/test/setup.ts"],
          // Screens with many rows and user-event typing: 5 s is too tight on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
      serverProject("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("pg")] : []),
    ],
  },
});
