/**
 * The JavaScript the public registration route (/events/{eventId}/register) loads, gzip-compressed
 * (and the other public pages a phone keeps open: the casting day's place, the manage page):
 * the public.html entry, its page chunk, and everything they import statically (what the browser
 * fetches before the form works). jsPDF and the other pages load later, on demand, and are not counted.
 * Run after `npm run build` (or `npx vite build`). Target: ≤ 90 KB gzip.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const WEB = path.resolve("dist/web");

function readManifest(entry: "main" | "public"): Record<string, ManifestChunk> {
  const file = path.join(WEB, `.vite/manifest-${entry}.json`);
  if (!existsSync(file)) {
    console.error(`${path.relative(".", file)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
}

function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sizes = (file: string) => {
  const content = readFileSync(path.join(WEB, file));
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
};

function report(
  manifest: Record<string, ManifestChunk>,
  title: string,
  entry: string,
  page: string | undefined,
  target?: number,
): number {
  const keys = staticClosure(manifest, page ? [entry, page] : [entry]);
  const rows = [...keys].map((key) => ({ key, file: manifest[key]!.file, ...sizes(manifest[key]!.file) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  const raw = rows.reduce((sum, r) => sum + r.raw, 0);
  console.log(`\n${title}`);
  for (const r of rows) console.log(`  ${kb(r.gzip).padStart(9)} gz ${kb(r.raw).padStart(9)} raw  ${r.file}`);
  const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
  const cssGzip = css.reduce((sum, f) => sum + sizes(f).gzip, 0);
  console.log(`  ${"-".repeat(40)}`);
  console.log(`  ${kb(total).padStart(9)} gz ${kb(raw).padStart(9)} raw  JavaScript total (${rows.length} files)`);
  // What the server sends a browser that accepts Brotli: the build's own .br files (spa.ts).
  const served = rows.reduce((sum, r) => {
    const brotli = path.join(WEB, `${r.file}.br`);
    return sum + (existsSync(brotli) ? readFileSync(brotli).length : r.raw);
  }, 0);
  console.log(`  ${kb(served).padStart(9)} br            JavaScript as the server sends it (the build's .br files)`);
  console.log(`  ${kb(cssGzip).padStart(9)} gz            CSS (${css.join(", ")})`);
  if (target) console.log(`  target ≤ ${target} KB gz: ${total / 1024 <= target ? "met" : "NOT MET"}`);
  return total;
}

const publicManifest = readManifest("public");
const mainManifest = readManifest("main");
report(
  publicManifest,
  "/events/{eventId}/register (public.html + register page)",
  "public.html",
  "features/public/pages/register-page.tsx",
  90,
);
// The casting day's pages (issue 35): a phone in the line all afternoon, on the same budget.
report(
  publicManifest,
  "/turno?t=… (public.html + the person's place in the line)",
  "public.html",
  "features/public/pages/place-page.tsx",
  90,
);
report(
  publicManifest,
  "/manage?t=… (public.html + manage page, with the place on the day)",
  "public.html",
  "features/public/pages/manage-page.tsx",
  90,
);
report(
  publicManifest,
  "/events/{eventId}/display?key=… (public.html + the venue's screen)",
  "public.html",
  "features/public/pages/display-page.tsx",
);
report(
  publicManifest,
  "/verify/{token} (public.html + verify page; jsPDF only on the download click)",
  "public.html",
  "features/public/pages/verify-page.tsx",
);
report(mainManifest, "main app entry (index.html), for comparison", "index.html", undefined);
const lazyPdf = Object.entries(publicManifest).find(([key]) => key.includes("jspdf"));
if (lazyPdf) console.log(`\njsPDF chunk, loaded on the download click only: ${kb(sizes(lazyPdf[1].file).gzip)} gz`);
// The check-in camera's QR decoder (ADR 018): fetched only when staff open the camera on a phone
// without a BarcodeDetector of its own; e2e/check-in-bundle.spec.ts keeps it out of the main chunk.
const decoder = Object.entries(mainManifest).filter(([key]) => /barcode-detector|zxing-wasm/.test(key));
const decoderGzip = decoder.reduce((sum, [, chunk]) => sum + sizes(chunk.file).gzip, 0);
const inMain = [...staticClosure(mainManifest, ["index.html"])].some((key) => /barcode-detector|zxing-wasm|jsqr/.test(key));
console.log(
  `QR decoder (ponyfill + .wasm), loaded when the camera opens only: ${kb(decoderGzip)} gz; in the main chunk: ${inMain ? "YES (wrong)" : "no"}`,
);
