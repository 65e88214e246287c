/**
 * The camera's QR decoder (the barcode-detector ponyfill and its ZXing .wasm, ADR 018) is loaded by
 * the check-in screen only, and only when the camera opens: never by the staff app's main chunk,
 * nor by the check-in page before the camera is asked for. Reads the build's manifest (the journeys
 * always run on a fresh build).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = (): Record<string, ManifestChunk> =>
  JSON.parse(readFileSync(path.resolve("dist/web/.vite/manifest-main.json"), "utf8")) as Record<string, ManifestChunk>;

/** What a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(chunks: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunks[key]?.imports ?? []) staticClosure(chunks, imported, seen);
  return seen;
}

const isDecoder = (key: string) => /barcode-detector|zxing-wasm|jsqr/.test(key);

test("the QR decoder is in no chunk the staff app or the check-in page loads up front", () => {
  const chunks = manifest();
  const scanner = "features/check-in/components/qr-scanner.tsx";
  // The decoder exists, loaded on demand by the camera's own chunk.
  expect(chunks[scanner]?.dynamicImports?.filter(isDecoder)).toEqual([
    "../../node_modules/barcode-detector/dist/es/ponyfill.js",
    "../../node_modules/zxing-wasm/dist/reader/zxing_reader.wasm?url",
  ]);
  expect([...staticClosure(chunks, scanner)].filter(isDecoder)).toEqual([]);
  for (const entry of ["index.html", "features/check-in/pages/check-in-page.tsx"]) {
    const loaded = [...staticClosure(chunks, entry)];
    expect(loaded.filter(isDecoder), entry).toEqual([]);
    // Nor folded into a shared chunk under another name.
    for (const key of loaded) {
      const code = readFileSync(path.resolve("dist/web", chunks[key]!.file), "utf8");
      expect(code.includes("zxing") || code.includes("ZXing"), `${entry} → ${chunks[key]!.file}`).toBe(false);
    }
  }
  // The camera's chunk stays small: it names the decoder's chunks, it does not hold the decoder.
  expect(readFileSync(path.resolve("dist/web", chunks[scanner]!.file)).length).toBeLessThan(8 * 1024);
});
