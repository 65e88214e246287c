import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as Ponyfill from "barcode-detector/ponyfill";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQrDetector } from "./qr-detector";

const ponyfill = vi.hoisted(() => ({ created: 0 }));
vi.mock("barcode-detector/ponyfill", async (original) => ({
  ...(await original<typeof Ponyfill>()),
  prepareZXingModule: async () => ({}),
  BarcodeDetector: class {
    constructor() {
      ponyfill.created++;
    }
    detect = async () => [{ rawValue: "from the ponyfill" }];
  },
}));

class NativeDetector {
  static formats = ["qr_code", "ean_13"];
  static getSupportedFormats = async () => NativeDetector.formats;
  detect = async () => [{ rawValue: "from the browser" }];
}

afterEach(() => {
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  ponyfill.created = 0;
});

describe("the QR detector", () => {
  it("serves the very .wasm the ponyfill was built against (the two packages' versions are pinned together)", async () => {
    const { ZXING_WASM_SHA256 } = await vi.importActual<typeof Ponyfill>("barcode-detector/ponyfill");
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
    expect(createHash("sha256").update(wasm).digest("hex")).toBe(ZXING_WASM_SHA256);
  });

  it("uses the browser's own BarcodeDetector when it reads QR codes", async () => {
    Object.assign(globalThis, { BarcodeDetector: NativeDetector });
    const detector = await createQrDetector();
    expect(await detector.detect(document.createElement("video"))).toEqual([{ rawValue: "from the browser" }]);
    expect(ponyfill.created).toBe(0);
  });

  it("uses the WebAssembly ponyfill without a BarcodeDetector, or with one that cannot read QR codes", async () => {
    expect(await (await createQrDetector()).detect(document.createElement("video"))).toEqual([{ rawValue: "from the ponyfill" }]);
    NativeDetector.formats = ["ean_13"];
    Object.assign(globalThis, { BarcodeDetector: NativeDetector });
    expect(await (await createQrDetector()).detect(document.createElement("video"))).toEqual([{ rawValue: "from the ponyfill" }]);
    expect(ponyfill.created).toBe(2);
  });
});
