/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text asset of a build, for
 * @fastify/static's `preCompressed` (src/server/http/spa.ts): a phone at the venue downloads the
 * public form's JavaScript compressed, without the server compressing on every request. Small files
 * gain nothing and are left alone; source maps are for developers and are not served compressed.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|wasm)$/;
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Compresses the assets under `dir`; returns how many files it compressed. */
export function precompress(dir: string): number {
  let compressed = 0;
  for (const file of filesUnder(dir)) {
    const { size, mtimeMs } = statSync(file);
    if (!COMPRESSIBLE.test(file) || size < MIN_BYTES) continue;
    // Already compressed by an earlier build into the same directory (the main build, then the public one).
    if (existsSync(`${file}.gz`) && statSync(`${file}.gz`).mtimeMs >= mtimeMs) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    const gzip = gzipSync(content, { level: 9 });
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    compressed++;
  }
  return compressed;
}
