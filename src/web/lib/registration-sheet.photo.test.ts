import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { buildRegistrationSheet } from "./registration-sheet";
import { sheetData } from "./registration-sheet.test-support";

const dir = mkdtempSync(path.join(tmpdir(), "opencall-sheet-photo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sheet = sheetData;

/** The staff's face photo as the API serves it: a JPEG, 300 × 400, magenta. */
const facePhoto = async () =>
  new Uint8Array(
    await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 230, g: 0, b: 230 } } })
      .jpeg()
      .toBuffer(),
  );

/** The PDF's image objects: their dictionaries (as text) and how many there are. */
function imageObjects(pdf: ArrayBuffer): string[] {
  const text = Buffer.from(pdf).toString("latin1");
  return [...text.matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map((match) => match[0]);
}

/** The colour at (x, y) millimetres of the first page, as the PDF renderer draws it. */
async function colourAt(pdf: ArrayBuffer, xMm: number, yMm: number): Promise<[number, number, number]> {
  const file = path.join(dir, "sheet.pdf");
  writeFileSync(file, Buffer.from(pdf));
  const dpi = 50;
  execFileSync("pdftoppm", ["-png", "-r", String(dpi), "-f", "1", "-l", "1", "-singlefile", file, path.join(dir, "page")]);
  const { data, info } = await sharp(readFileSync(path.join(dir, "page.png")))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [x, y] = [xMm, yMm].map((mm) => Math.round((mm / 25.4) * dpi));
  const at = (y! * info.width + x!) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

describe("the PDF sheet's face photo", () => {
  it("is embedded as the JPEG given and drawn under the title, on the left", async () => {
    const doc = await buildRegistrationSheet(sheet, "es-AR", new Date("2031-04-01T12:00:00Z"), await facePhoto());
    const pdf = doc.output("arraybuffer");
    const images = imageObjects(pdf);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/\/Width 300/);
    expect(images[0]).toMatch(/\/Height 400/);
    expect(images[0]).toMatch(/\/Filter \/DCTDecode/);
    // 60 mm high, 45 mm wide, from the left margin (18 mm), 20 mm under the top margin.
    const [r, g, b] = await colourAt(pdf, 18 + 22, 18 + 20 + 30);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(60);
    expect(b).toBeGreaterThan(180);
  });

  it("is absent from a sheet without one (the public sheet)", async () => {
    const doc = await buildRegistrationSheet(sheet, "es-AR", new Date("2031-04-01T12:00:00Z"));
    const pdf = doc.output("arraybuffer");
    expect(imageObjects(pdf)).toEqual([]);
    const [r, g, b] = await colourAt(pdf, 18 + 22, 18 + 20 + 30);
    expect(Math.min(r, g, b)).toBeGreaterThan(200);
  });
});
