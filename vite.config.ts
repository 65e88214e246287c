import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
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
        if (req.method === "GET" && isPublicVisitorPath(pathname)) req.url = `/public.html${req.url?.slice(pathname.length) ?? ""}`;
        next();
      });
    },
  };
}

export default defineConfig({
  root: "src/web",
  publicDir: fileURLToPath(new URL("./src/web/public", import.meta.url)),
  plugins: [react(), tailwindcss(), publicVisitorEntry()],
  resolve: {
    alias: {
      "@common": fileURLToPath(new URL("./src/common", import.meta.url)),
      "@web": fileURLToPath(new URL("./src/web", import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: which files each entry and page loads (bench/public-bundle.bench.ts).
    manifest: true,
    // Every browser the app supports has modulepreload; the polyfill would cost every page bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL("./src/web/index.html", import.meta.url)),
        public: fileURLToPath(new URL("./src/web/public.html", import.meta.url)),
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
