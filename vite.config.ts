import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compiledCatalogue } from "./scripts/lib/compile-catalogue";
import { precompress } from "./scripts/lib/precompress";
import { isPublicVisitorPath } from "./src/common/public-paths";

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * The public visitor's pages are their own small entry (public.html): no router, query or toast
 * libraries, so a phone at the venue downloads little. In dev, serve it for those paths as the server does.
 */
function publicVisitorEntry(): Plugin {
  return {
    name: "opencall-public-visitor-entry",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = (req.url ?? "/").split("?")[0] ?? "/";
        if (req.method === "GET" && isPublicVisitorPath(pathname))
          req.url = `/public.html${req.url?.slice(pathname.length) ?? ""}`;
        next();
      });
    },
  };
}

/** .br and .gz beside the build's assets, served by @fastify/static's `preCompressed`. */
function precompressedAssets(outDir: string): Plugin {
  return {
    name: "opencall-precompressed-assets",
    apply: "build",
    closeBundle() {
      precompress(path.join(outDir, "assets"));
    },
  };
}

/**
 * The public entry ships Preact's React-compatible layer instead of react-dom (~60 KB gz less on
 * a phone; ADR 012): the code keeps importing `react`.
 */
const preactCompat = {
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-runtime",
  "react-dom/client": "preact/compat/client",
  "react-dom": "preact/compat",
  react: "preact/compat",
};

/**
 * Two builds into dist/web: the main app (index.html), then the public visitor entry (public.html,
 * `vite build -c vite.public.config.ts`). Separate builds, so the public pages never share a chunk
 * with the dashboard: a shared chunk would carry whatever code of a shared module (zod's core, lucide)
 * the dashboard uses too.
 */
export function webConfig(entry: "main" | "public") {
  const html = entry === "main" ? "index.html" : "public.html";
  const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));
  return defineConfig({
    root: "src/web",
    publicDir: fileURLToPath(new URL("./src/web/public", import.meta.url)),
    plugins: [react(), tailwindcss(), compiledCatalogue(), publicVisitorEntry(), precompressedAssets(outDir)],
    resolve: {
      alias: {
        "@common": fileURLToPath(new URL("./src/common", import.meta.url)),
        "@web": fileURLToPath(new URL("./src/web", import.meta.url)),
        ...(entry === "public" ? preactCompat : {}),
      },
    },
    build: {
      outDir,
      // The main build empties dist/web; the public build (second) adds to it.
      emptyOutDir: entry === "main",
      sourcemap: true,
      // Which files each entry and page loads (bench/public-bundle.bench.ts).
      manifest: `.vite/manifest-${entry}.json`,
      // Every browser the app supports has modulepreload; the polyfill would cost every page bytes.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: { [entry]: fileURLToPath(new URL(`./src/web/${html}`, import.meta.url)) },
      },
    },
    server: {
      port: Number(process.env.PORT ?? 3000),
      strictPort: true,
      proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
    },
  });
}

export default webConfig("main");
