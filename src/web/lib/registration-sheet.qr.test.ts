import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { buildRegistrationSheet } from "./registration-sheet";
import { sheetData } from "./registration-sheet.test-support";

const dir = mkdtempSync(path.join(tmpdir(), "opencall-sheet-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHECK_IN_URL = "http://localhost:3000/check-in?t=q2k7Jv0nRi2mBv3iXo0mEwAAAAAAAAAAAAAAAAAAAAA";

const sheet = { ...sheetData, checkInUrl: CHECK_IN_URL };

/** The first page as the PDF renderer draws it, then the QR code read from its pixels. */
async function qrOnFirstPage(pdf: ArrayBuffer): Promise<string | undefined> {
  const file = path.join(dir, "sheet.pdf");
  writeFileSync(file, Buffer.from(pdf));
  execFileSync("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", file, path.join(dir, "page")]);
  const { data, info } = await sharp(readFileSync(path.join(dir, "page.png")))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe("the PDF sheet's check-in QR code", () => {
  it("is printed on the first page and reads back as the check-in URL", async () => {
    const doc = await buildRegistrationSheet(sheet, "es-AR", new Date("2031-04-01T12:00:00Z"));
    expect(await qrOnFirstPage(doc.output("arraybuffer"))).toBe(CHECK_IN_URL);
  });

  it("is absent from a sheet without a check-in URL", async () => {
    const doc = await buildRegistrationSheet({ ...sheet, checkInUrl: undefined }, "es-AR");
    expect(await qrOnFirstPage(doc.output("arraybuffer"))).toBeUndefined();
  });
});
