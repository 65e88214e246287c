import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { buildEventPoster } from "./event-poster";

const dir = mkdtempSync(path.join(tmpdir(), "opencall-poster-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const URL_OF_EVENT = "https://casting.agencia.test/e/casting-cordoba-2027";
const event = {
  eventName: "Casting Córdoba 2027",
  eventDate: "2027-04-09",
  location: "Teatro del Libertador, Córdoba",
  slug: "casting-cordoba-2027",
};

/** The poster's text as a PDF reader extracts it, and the QR code read from its first page's pixels. */
async function read(pdf: ArrayBuffer): Promise<{ text: string; pages: number; qr: string | undefined }> {
  const file = path.join(dir, "poster.pdf");
  writeFileSync(file, Buffer.from(pdf));
  const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", file, path.join(dir, "page")]);
  const { data, info } = await sharp(readFileSync(path.join(dir, "page.png")))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const qr = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())?.[1]);
  return { text: text.replace(/\s+/g, " "), pages, qr };
}

describe("an event's printable poster", () => {
  it("holds the name, date, place, a QR code of the short address and the address, on one A4 page", async () => {
    const doc = await buildEventPoster(event, URL_OF_EVENT, "es-AR");
    const { text, pages, qr } = await read(doc.output("arraybuffer"));
    expect(pages).toBe(1);
    expect(text).toContain("Casting Córdoba 2027");
    expect(text).toContain("Fecha: 09/04/2027");
    expect(text).toContain("Lugar: Teatro del Libertador, Córdoba");
    expect(text).toContain("Escaneá el código y registrate");
    expect(text).toContain("casting.agencia.test/e/casting-cordoba-2027");
    expect(qr).toBe(URL_OF_EVENT);
  });

  it("speaks English, and a long name still fits one page", async () => {
    const long = { ...event, eventName: "Gran casting abierto de otoño para nuevas caras ".repeat(3).trim() };
    const doc = await buildEventPoster(long, URL_OF_EVENT, "en");
    const { text, pages, qr } = await read(doc.output("arraybuffer"));
    expect(pages).toBe(1);
    expect(text).toContain("Date: Apr 9, 2027");
    expect(text).toContain("Scan the code to register");
    expect(qr).toBe(URL_OF_EVENT);
  });
});
