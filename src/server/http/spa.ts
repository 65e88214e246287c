import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { constants as zlib, brotliCompressSync, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** A page the server renders itself: its status, HTML and the language it speaks. */
export interface RenderedHtml {
  status: number;
  html: string;
  language: string;
  /** Sent there instead (302), with no page. */
  redirect?: string | undefined;
}

/**
 * Another HTML entry of the build (e.g. public.html), served for the paths it `matches`; `render`
 * (when given) makes each page's HTML from the file's (server rendering, a page's own head).
 */
export interface SpaEntry {
  file: string;
  matches: (pathname: string) => boolean;
  render?: ((request: FastifyRequest, html: string) => Promise<RenderedHtml>) | undefined;
}

/**
 * A rendered page compressed for a browser that accepts it (its inlined stylesheet makes it ~80 KB
 * raw, ~15 KB in Brotli): Brotli at a fast level, else gzip.
 */
function compressed(acceptEncoding: string | undefined, html: string, reply: { header: (k: string, v: string) => unknown }) {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) {
    reply.header("content-encoding", "br");
    return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header("content-encoding", "gzip");
    return gzipSync(html, { level: 6 });
  }
  return html;
}

/**
 * Serves the built React app: static assets, the HTML of the first entry whose paths match, and
 * index.html for every other non-API path (client-side routes). Unknown /api paths are JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string | undefined, entries: SpaEntry[] = []): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, "index.html") : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);
  let indexHtml: string | undefined;
  const entryHtml: Array<{ html: string; matches: SpaEntry["matches"]; render: SpaEntry["render"] }> = [];

  if (hasWeb && webRoot) {
    indexHtml = readFileSync(indexFile, "utf8");
    for (const entry of entries) {
      const file = path.join(webRoot, entry.file);
      if (!existsSync(file)) {
        app.log.warn({ file: entry.file }, "web entry missing from the build; its paths get index.html");
        continue;
      }
      entryHtml.push({ html: readFileSync(file, "utf8"), matches: entry.matches, render: entry.render });
    }
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/lib/precompress.ts): sent to every
      // browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.header("cache-control", "no-cache");
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (url === "/api" || url.startsWith("/api/")) {
      return reply.status(404).send({ error: { code: "route_not_found", message: `No API route ${request.method} ${url}.` } });
    }
    if ((request.method === "GET" || request.method === "HEAD") && indexHtml) {
      const entry = entryHtml.find((e) => e.matches(url));
      reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
      if (entry?.render) {
        const page = await entry.render(request, entry.html);
        if (page.redirect) return reply.header("vary", "Cookie").redirect(page.redirect, 302);
        // The page's language comes from the cookie or Accept-Language: a cache keeps one per both.
        reply.status(page.status).header("content-language", page.language);
        reply.header("vary", "Accept-Encoding, Accept-Language, Cookie");
        return reply.send(compressed(request.headers["accept-encoding"], page.html, reply));
      }
      return reply.send(entry?.html ?? indexHtml);
    }
    return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
  });
}
