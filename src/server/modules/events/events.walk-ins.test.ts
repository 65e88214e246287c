/**
 * An event's walk-ins (issue 35): the `walkIns` field (off by default, a daily cap or none) on the
 * event's replies and in its create and update bodies, and the walk-in poster: an A4 PDF with the
 * event's name, date and place, and a QR code of the form's address in walk-in mode, signed for it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { ScoutingEvent } from "@common/schemas/events";
import { isWalkInToken, walkInUrl } from "../../lib/registration-links";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { eventBody, updateBodyFrom } from "./events.test-support";

const t = useTestApp();
const dir = mkdtempSync(path.join(tmpdir(), "opencall-walk-in-poster-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as a reader extracts it, its page count, and the QR code read from its page's pixels. */
async function read(pdf: Buffer) {
  const file = path.join(dir, "poster.pdf");
  writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
  execFileSync("pdftoppm", ["-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile", file, path.join(dir, "page")]);
  const { data, info } = await sharp(readFileSync(path.join(dir, "page.png")))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const qr = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())?.[1]);
  return { text: text.replace(/\s+/g, " "), pages, qr };
}

describe("an event's walk-ins", () => {
  it("are off on a new event unless the body says otherwise, and change only when an edit sends them", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const plain = await t.app.inject({ method: "POST", url: "/api/events", headers, payload: eventBody() });
    expect(plain.json<ScoutingEvent>().walkIns).toEqual({ enabled: false, dailyCap: null });
    const open = await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers,
      payload: eventBody({ walkIns: { enabled: true, dailyCap: 40 } }),
    });
    const event = open.json<ScoutingEvent>();
    expect(event.walkIns).toEqual({ enabled: true, dailyCap: 40 });
    expect((await t.app.inject({ url: `/api/events/${event.id}`, headers })).json().walkIns).toEqual({
      enabled: true,
      dailyCap: 40,
    });
    const listed = (await t.app.inject({ url: "/api/events", headers })).json<ScoutingEvent[]>();
    expect(listed.find((row) => row.id === event.id)!.walkIns).toEqual({ enabled: true, dailyCap: 40 });

    const put = (body: object) => t.app.inject({ method: "PUT", url: `/api/events/${event.id}`, headers, payload: body });
    expect((await put(updateBodyFrom(event, { location: "Rosario" }))).json().walkIns).toEqual({ enabled: true, dailyCap: 40 });
    expect((await put(updateBodyFrom(event, { walkIns: { enabled: true, dailyCap: null } }))).json().walkIns).toEqual({
      enabled: true,
      dailyCap: null,
    });
    for (const walkIns of [
      { enabled: true, dailyCap: 0 },
      { enabled: true, dailyCap: 2.5 },
      { enabled: "yes", dailyCap: 3 },
    ]) {
      const refused = await put({ ...updateBodyFrom(event), walkIns });
      expect(refused.statusCode, JSON.stringify(walkIns)).toBe(400);
      expect(Object.keys(refused.json().error.fields)[0]).toMatch(/^walkIns\./);
    }
  });

  it("print on a poster whose QR code opens the event's form in walk-in mode, in Spanish or English", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers,
      payload: eventBody({
        eventName: "Casting Córdoba 2027",
        eventDate: "2027-04-09",
        location: "Teatro del Libertador, Córdoba",
      }),
    });
    const event = created.json<ScoutingEvent>();
    const res = await t.app.inject({ url: `/api/events/${event.id}/walk-in-poster.pdf`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="cartel-inscripcion-en-puerta-${event.slug}.pdf"`);
    const url = walkInUrl(t.config, event);
    const { text, pages, qr } = await read(res.rawPayload);
    expect(pages).toBe(1);
    expect(qr).toBe(url);
    const token = new URL(qr!).searchParams.get("walkin");
    expect(isWalkInToken(t.config, event.id, token)).toBe(true);
    expect(new URL(qr!).pathname).toBe(`/e/${event.slug}`);
    expect(text).toContain("¿Viniste sin inscripción?");
    expect(text).toContain("Casting Córdoba 2027");
    expect(text).toContain("Fecha: 09/04/2027");
    expect(text).toContain("Lugar: Teatro del Libertador, Córdoba");
    expect(text).toContain(url.replace(/^https?:\/\//, ""));

    const english = await t.app.inject({ url: `/api/events/${event.id}/walk-in-poster.pdf?language=en`, headers });
    const read2 = await read(english.rawPayload);
    expect(read2.text).toContain("Came without registering?");
    expect(read2.text).toContain("Date: Apr 9, 2027");
    expect(read2.qr).toBe(url);
    expect((await t.app.inject({ url: `/api/events/${event.id}/walk-in-poster.pdf?language=fr`, headers })).statusCode).toBe(400);
    const missing = await t.app.inject({ url: "/api/events/5b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e/walk-in-poster.pdf", headers });
    expect(missing.json().error.code).toBe("event_not_found");
  });
});
