import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it, beforeAll } from "vitest";
import { CSV_BOM, REGISTRATION_CSV_HEADERS } from "@common/csv";
import { translator } from "@common/i18n";
import { PHOTO_KINDS } from "@common/photos";
import { seedEvent } from "../../../../scripts/lib/seed";
import { photos } from "../../db/schema";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { photoKeys } from "../photos/photos.service";
import { useTestApp } from "../../test/harness";
import { registrationsCsvStream } from "./registrations.export";
import { parseCsv } from "./registrations.test-support";

const t = useTestApp();
let admin: Record<string, string>;
let event: Awaited<ReturnType<typeof createEvent>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
  event = await createEvent(t.db, { eventName: "Casting Ñandú", eventDate: "2026-04-18", location: "Peña 2100, Córdoba" });
  const other = await createEvent(t.db);
  const slot = event.timeslots[0]!;
  const base = Date.UTC(2026, 1, 1, 12);
  const rows = [
    {
      key: "jose",
      fullName: "José Peña",
      email: "jose@example.com",
      liked: true,
      attended: true,
      rating: 4,
      emailVerified: true,
      status: "confirmed" as const,
      bust: null,
    },
    { key: "formula", fullName: "=1+1", email: "formula@example.com", location: "+54 Rosario", instagramHandle: "@ataque" },
    { key: "quote", fullName: 'Ana "Anita" Ruiz, hija', email: "ana@example.com", liked: true },
  ];
  for (const [i, { key, ...row }] of rows.entries()) {
    ids[key] = (
      await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id, createdAt: new Date(base + i * 1000), ...row })
    ).id;
  }
  await createRegistration(t.db, { eventId: other.id, timeslotId: other.timeslots[0]!.id, fullName: "Otro Evento" });
});

async function exportCsv(query: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/registrations/export.csv?${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe("GET /api/registrations/export.csv", () => {
  it("sends scouting.csv as an attachment, UTF-8 with a BOM, its columns in order", async () => {
    const res = await exportCsv(`eventId=${event.id}`);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="scouting.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString("utf8");
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([...REGISTRATION_CSV_HEADERS]);
    expect(rows.map((r) => r[0])).toEqual(['Ana "Anita" Ruiz, hija', "'=1+1", "José Peña"]);
    expect(rows.every((r) => r.length === REGISTRATION_CSV_HEADERS.length)).toBe(true);
  });

  it("writes each column's value, Yes/No booleans and empty cells for missing values", async () => {
    const res = await exportCsv(`eventId=${event.id}&q=jose`);
    const [, row] = parseCsv(res.body.slice(1));
    const byHeader = Object.fromEntries(REGISTRATION_CSV_HEADERS.map((h, i) => [h, row![i]]));
    expect(byHeader).toMatchObject({
      "Full Name": "José Peña",
      Age: "22",
      "Date of Birth": "2004-05-17",
      Location: "Buenos Aires",
      Email: "jose@example.com",
      "Phone Number": "1155551234",
      Status: "Confirmada",
      "Email Verified": "Yes",
      // Buenos Aires' clock (UTC−3), as a spreadsheet reads a date and time.
      "Created At": "2026-02-01 09:00",
      "Event Name": "Casting Ñandú",
      "Event Date": "2026-04-18",
      "Event Location": "Peña 2100, Córdoba",
      Height: "175",
      "Eye Color": "Marrón",
      Bust: "",
      Waist: "62",
      Hips: "90",
      "Instagram Handle": "modelo.example",
      "International Work": "No",
      "Timeslot Start": "10:00",
      "Timeslot End": "11:00",
      Liked: "Yes",
      Attended: "Yes",
      Rating: "4",
    });
    expect(byHeader["Registration Code"]).toMatch(/^OC-/);
  });

  it("carries nothing of a registration's photos: no id, no path, no storage key", async () => {
    const stored = PHOTO_KINDS.map((kind) => {
      const id = randomUUID();
      return { id, kind, eventId: event.id, registrationId: ids.jose!, ...photoKeys(event.id, id) };
    });
    await t.db
      .insert(photos)
      .values(stored.map((photo) => ({ ...photo, width: 1500, height: 2000, largeBytes: 200_000, thumbBytes: 9_000 })));
    // What the staff's list says of the same registration: its photos are there.
    const list = await t.app.inject({ url: `/api/registrations?eventId=${event.id}&q=jose`, headers: admin });
    expect(list.json().items[0].photos).toHaveLength(3);

    for (const query of [`ids=${ids.jose}`, `eventId=${event.id}`]) {
      const res = await exportCsv(query);
      const [header, ...rows] = parseCsv(res.body.slice(1));
      expect(header).toEqual([...REGISTRATION_CSV_HEADERS]);
      // (The photo consent is the person's answer, not a photo.)
      expect(header!.filter((h) => /photo|foto/i.test(h) && h !== "Consent Photo Scouting")).toEqual([]);
      const cells = rows.flat();
      expect(cells.length).toBeGreaterThan(0);
      for (const photo of stored) {
        for (const secret of [photo.id, photo.largeKey, photo.thumbKey])
          expect(cells.filter((cell) => cell.includes(secret))).toEqual([]);
      }
      expect(cells.filter((cell) => /\/photos\/|photos\/|\.jpg\b/i.test(cell))).toEqual([]);
    }
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const res = await exportCsv(`ids=${ids.formula}`);
    const [, row] = parseCsv(res.body.slice(1));
    expect(row![0]).toBe("'=1+1");
    expect(row![3]).toBe("'+54 Rosario");
    expect(row![17]).toBe("'@ataque");
  });

  it("exports the current filters, or exactly the selected ids", async () => {
    const liked = parseCsv((await exportCsv(`eventId=${event.id}&liked=true`)).body.slice(1));
    expect(liked.slice(1).map((r) => r[0])).toEqual(['Ana "Anita" Ruiz, hija', "José Peña"]);
    const selected = parseCsv((await exportCsv(`ids=${ids.jose},${ids.quote}`)).body.slice(1));
    expect(selected.slice(1).map((r) => r[0])).toEqual(['Ana "Anita" Ruiz, hija', "José Peña"]);
    const none = parseCsv((await exportCsv(`eventId=${event.id}&rating=1`)).body.slice(1));
    expect(none).toHaveLength(1);
  });

  it("searches texts holding quotes, backslashes and LIKE's wildcards as they are, and nothing else", async () => {
    const odd = await createEvent(t.db, { timeslots: [{ capacity: 10 }] });
    const slot = odd.timeslots[0]!.id;
    await createRegistration(t.db, { eventId: odd.id, timeslotId: slot, fullName: "Dario D'Angelo \\ 100%_ok" });
    await createRegistration(t.db, { eventId: odd.id, timeslotId: slot, fullName: "Dario DAngelo 1000 ok" });
    const names = async (q: string) =>
      parseCsv((await exportCsv(`eventId=${odd.id}&q=${encodeURIComponent(q)}`)).body.slice(1))
        .slice(1)
        .map((r) => r[0]);
    expect(await names("d'angelo \\ 100%_")).toEqual(["Dario D'Angelo \\ 100%_ok"]);
    expect(await names("100%")).toEqual(["Dario D'Angelo \\ 100%_ok"]);
    expect(await names("dario")).toHaveLength(2);
    // A value that would end a string literal stays a value.
    expect(await names("' or true or '")).toEqual([]);
    expect(await names("\\' or true --")).toEqual([]);
  });

  it("gives its connection back when the client leaves midway, however many leave", { timeout: 60_000 }, async () => {
    const big = await seedEvent(t.db, {
      seed: 3,
      eventName: "Casting Grande",
      eventDate: "2026-05-01",
      location: "Rosario",
      slots: [{ startTime: "10:00", endTime: "12:00", capacity: 8000 }],
      registrations: 8000,
    });
    // More abandoned exports than the pool has connections (20): a connection kept by one would
    // leave the last ones waiting for ever.
    for (let i = 0; i < 24; i++) {
      const stream = registrationsCsvStream(t.database, { eventId: big.id }, translator("es-AR"));
      let chunks = 0;
      for await (const chunk of stream) {
        expect(chunk).toBeTruthy();
        if (++chunks === 3) break; // leaving the loop destroys the stream, as a closed socket does
      }
    }
    const text = (await exportCsv(`eventId=${big.id}`)).body;
    expect(parseCsv(text.slice(1))).toHaveLength(8001);
  });

  it("refuses malformed ids", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/registrations/export.csv?ids=1,2`, headers: admin });
    expect(res.statusCode).toBe(400);
  });

  it("streams in batches without losing or repeating a row, even when rows share a creation time", async () => {
    const crowd = await createEvent(t.db, { timeslots: [{ capacity: 100 }] });
    const sameInstant = new Date(Date.UTC(2026, 2, 1));
    for (let i = 0; i < 23; i++) {
      await createRegistration(t.db, {
        eventId: crowd.id,
        timeslotId: crowd.timeslots[0]!.id,
        fullName: `Fila ${i}`,
        createdAt: i % 2 ? sameInstant : new Date(sameInstant.getTime() + i),
      });
    }
    let text = "";
    for await (const chunk of registrationsCsvStream(t.database, { eventId: crowd.id }, translator("es-AR"), 4))
      text += String(chunk);
    const names = parseCsv(text.slice(1))
      .slice(1)
      .map((r) => r[0]);
    expect(names).toHaveLength(23);
    expect(new Set(names).size).toBe(23);
  });
});

function hasSoffice(): boolean {
  try {
    execFileSync("soffice", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

// Skipped only where LibreOffice is not installed (.ci/run installs libreoffice-calc).
describe.skipIf(!hasSoffice())("scouting.csv in LibreOffice Calc", () => {
  it("opens with the accents intact, the BOM not leaking into a header, and no formula run", { timeout: 180_000 }, async () => {
    const res = await exportCsv(`eventId=${event.id}`);
    const dir = mkdtempSync(path.join(tmpdir(), "opencall-csv-"));
    try {
      writeFileSync(path.join(dir, "scouting.csv"), res.rawPayload);
      const profile = pathToFileURL(path.join(dir, "profile")).href;
      const soffice = (args: string[], cwd: string) =>
        execFileSync("soffice", [`-env:UserInstallation=${profile}`, "--headless", ...args], {
          cwd,
          stdio: "pipe",
          timeout: 120_000,
          env: { ...process.env, LANG: "C.UTF-8" },
        });
      // Import as Calc's text dialog offers it for this file (comma, double quote, UTF-8), save as
      // a spreadsheet, then read the spreadsheet back out as CSV.
      soffice(["--infilter=CSV:44,34,76", "--convert-to", "xlsx", "--outdir", path.join(dir, "xlsx"), "scouting.csv"], dir);
      soffice(
        ["--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", path.join(dir, "back"), "scouting.xlsx"],
        path.join(dir, "xlsx"),
      );
      const back = readFileSync(path.join(dir, "back", "scouting.csv"), "utf8");
      const rows = parseCsv(back);
      expect(rows[0]).toEqual([...REGISTRATION_CSV_HEADERS]);
      const cells = rows.flat();
      for (const text of ["José Peña", "Casting Ñandú", "Peña 2100, Córdoba"]) expect(cells).toContain(text);
      expect(cells).not.toContain("2");
      expect(rows.slice(1).map((r) => r[0])).toContain("'=1+1");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
