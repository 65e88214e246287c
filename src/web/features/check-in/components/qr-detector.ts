/**
 * What reads QR codes from the camera's frames (issue 20, ADR 018): the browser's own
 * BarcodeDetector where it exists (Chrome on Android, Safari), else the `barcode-detector`
 * ponyfill: the same API over ZXing-C++ compiled to WebAssembly (Debian's Chromium and Firefox have
 * no BarcodeDetector). Only the scanner imports this file, and the ponyfill is imported only when it
 * is needed: a phone with a native detector downloads neither its code nor its .wasm.
 */

export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

type NativeDetector = (new (options: { formats: string[] }) => QrDetector) & {
  getSupportedFormats?: () => Promise<string[]>;
};

async function nativeDetector(): Promise<QrDetector | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (!Detector) return undefined;
  const formats = (await Detector.getSupportedFormats?.()) ?? [];
  return formats.includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : undefined;
}

/**
 * The ponyfill, with its .wasm served by this app (a build asset, never the CDN the package
 * defaults to: a venue's phone may reach nothing but our server). Its version is pinned to the
 * one `barcode-detector` was built against (qr-detector.test.ts checks the hash).
 */
async function zxingDetector(): Promise<QrDetector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  // Loaded now rather than at the first frame: a failure shows as 'no camera', not as silence.
  await prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith(".wasm") ? wasmUrl : prefix + file) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}

export async function createQrDetector(): Promise<QrDetector> {
  return (await nativeDetector()) ?? (await zxingDetector());
}
