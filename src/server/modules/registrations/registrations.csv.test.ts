import { registrationCsvHead, registrationCsvLine, type RegistrationCsvSource } from "@common/csv";
import { EYE_COLORS, GUARDIAN_STATUSES, REGISTRATION_STAGES } from "@common/constants";
import { translator, type Translate } from "@common/i18n";
import { REGISTRANT_FIELD_NAMES } from "@common/registrant/fields";
import { desc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { eventTimeslots, modelRegistrations as r, scoutingEvents as e } from "../../db/schema";
import { createEvent, createRegistration } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { crlfLineEnds } from "./registrations.csv";
import { registrationsCsvStream } from "./registrations.export";

// The export's encoding (registrations.csv.ts: cells written by the database, quoted by COPY on
// both databases) against @common/csv, the definition, byte for byte, on
// texts a spreadsheet or a CSV reader could trip on.

const t = useTestApp();
let eventIds: string[] = [];

const tricky = [
  "José Peña",
  "Pérez, Juan",
  'Ana "Anita" Ruiz',
  "línea\r\notra",
  "solo\nLF",
  "=1+1",
  "+54 11",
  "-5",
  "@cmd",
  "\tx",
  "\rx",
  "",
  "un\x1fseparador",
  "otro\x1eseparador",
  "📸 Estudio ñandú",
  "'ya neutralizada",
  'a,\x1f,\x1e,"',
  "fin de línea\x01",
  "\x01\n\x01",
];

// Texts PostgreSQL can store (no NUL) made of characters that matter here, and any others.
const randomTexts = fc.sample(
  fc.string({ unit: fc.constantFrom(",", '"', "\r", "\n", "\t", "=", "+", "-", "@", "\x1e", "\x1f", "a", "ñ", " ", "'") }),
  { numRuns: 40, seed: 7 },
);

beforeAll(async () => {
  const plain = await createEvent(t.db, {
    eventName: "Casting Otoño",
    location: "La Rural, Palermo, CABA",
    timeslots: [{ capacity: 500 }],
  });
  const quoted = await createEvent(t.db, {
    eventName: 'Casting "Sur", =Rosario',
    location: "Peña 2100\nCórdoba",
    timeslots: [{ capacity: 500 }],
  });
  const unitSeparated = await createEvent(t.db, {
    eventName: "Casting\x1fRoto",
    location: "Sin, separar",
    timeslots: [{ capacity: 500 }],
  });
  const partSeparated = await createEvent(t.db, {
    eventName: "Casting Roto",
    location: "Av.\x1eLibertador",
    timeslots: [{ capacity: 500 }],
  });
  const events = [plain, quoted, unitSeparated, partSeparated];
  eventIds = events.map((event) => event.id);
  const texts = [...tricky, ...randomTexts];
  const base = Date.UTC(2026, 0, 1);
  for (const [i, text] of texts.entries()) {
    const event = events[i % events.length]!;
    await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: event.timeslots[0]!.id,
      createdAt: new Date(base + i * 1000 + (i % 7)),
      fullName: text || "Sin Nombre",
      location: texts[(i + 3) % texts.length]!,
      phoneNumber: i % 4 === 0 ? "+5491155551234" : "1155551234",
      // Options (written in the reader's words) and other texts (written as stored).
      eyeColor: i % 5 === 0 ? null : i % 5 === 1 ? EYE_COLORS[i % EYE_COLORS.length]! : texts[(i + 5) % texts.length]!,
      instagramHandle: i % 3 === 0 ? null : texts[(i + 7) % texts.length]!,
      registrationCode: `OC-${i}${texts[(i + 11) % texts.length]!}`,
      bust: i % 6 === 0 ? null : i % 6 === 1 ? -5 : 80 + i,
      rating: i % 5 === 0 ? null : (i % 5) + 1,
      liked: i % 2 === 0,
      attended: i % 3 === 0,
      emailVerified: i % 4 === 1,
      internationalWork: i % 5 === 2,
      status: i % 2 === 0 ? "confirmed" : "pending",
      stage: REGISTRATION_STAGES[i % REGISTRATION_STAGES.length]!,
      guardianStatus: GUARDIAN_STATUSES[i % GUARDIAN_STATUSES.length]!,
      guardianName: i % 4 === 0 ? null : texts[(i + 13) % texts.length]!,
      guardianEmail: i % 4 === 0 ? null : `tutor-${i}@example.com`,
      guardianDecidedAt: i % 4 >= 2 ? new Date(base + i * 3_600_000) : null,
      consentDataProcessing: i % 2 === 1,
      consentPhotoScouting: i % 3 === 1,
      privacyNoticeVersion: i % 5 === 0 ? null : 1,
      consentedAt: i % 5 === 0 ? null : new Date(base + i * 1000),
    });
  }
  for (const createdAt of creationTimes) {
    const { id } = await createRegistration(t.db, { eventId: plain.id, timeslotId: plain.timeslots[0]!.id });
    await t.db.execute(sql`update ${r} set ${sql.identifier("created_at")} = ${createdAt}::timestamptz where ${r.id} = ${id}`);
  }
});

// Creation times on either side of a minute, of midnight in UTC and in Buenos Aires, with fractions
// JavaScript cannot hold, and in Argentina's last summer time (UTC−2): the database's clock
// (to_char at the zone) against @common/csv's (Intl's), minute for minute.
const creationTimes = [
  "2026-02-01 00:00:00+00",
  "2026-02-01 02:59:59.999999+00",
  "2026-02-01 03:00:00.123456+00",
  "2026-02-01 23:59:59.999999+00",
  "2009-01-15 12:00:00.5+00",
  "2008-10-19 02:59:00+00",
  "2008-10-19 03:00:00+00",
];

/** What @common/csv writes for the same rows, in the export's order. */
async function expectedCsv(eventId: string | undefined, translate: Translate): Promise<string> {
  const rows = await t.db
    .select({
      ...Object.fromEntries(REGISTRANT_FIELD_NAMES.map((name) => [name, r[name]])),
      age: r.age,
      status: r.status,
      emailVerified: r.emailVerified,
      createdAt: r.createdAt,
      eventName: e.eventName,
      eventDate: e.eventDate,
      eventLocation: e.location,
      registrationCode: r.registrationCode,
      timeslotStart: eventTimeslots.startTime,
      timeslotEnd: eventTimeslots.endTime,
      liked: r.liked,
      attended: r.attended,
      rating: r.rating,
      stage: r.stage,
      tags: sql<
        string | null
      >`(select string_agg(t.name, '; ' order by lower(t.name), t.id) from registration_tags rt join tags t on t.id = rt.tag_id where rt.registration_id = ${r.id})`,
      panelAverage: sql<number | null>`${r.panelAverage}::float8`,
      guardianName: r.guardianName,
      guardianEmail: r.guardianEmail,
      guardianStatus: r.guardianStatus,
      guardianDecidedAt: r.guardianDecidedAt,
      consentDataProcessing: r.consentDataProcessing,
      consentPhotoScouting: r.consentPhotoScouting,
      privacyNoticeVersion: r.privacyNoticeVersion,
      consentedAt: r.consentedAt,
    })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .innerJoin(eventTimeslots, eq(eventTimeslots.id, r.timeslotId))
    .where(eventId ? eq(r.eventId, eventId) : undefined)
    .orderBy(desc(r.createdAt), desc(r.id));
  const iso = (moment: Date | null) => moment && moment.toISOString();
  const sources = rows.map((row) => ({
    ...row,
    createdAt: iso(row.createdAt),
    guardianDecidedAt: iso(row.guardianDecidedAt),
    consentedAt: iso(row.consentedAt),
  })) as unknown as RegistrationCsvSource[];
  return registrationCsvHead() + sources.map((source) => registrationCsvLine(source, translate)).join("");
}

async function exported(eventId: string | undefined, translate: Translate, chunkRows?: number): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of registrationsCsvStream(t.database, eventId ? { eventId } : {}, translate, chunkRows)) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  }
  return Buffer.concat(chunks).toString("utf8");
}

describe("the export's encoding", () => {
  it("writes exactly what @common/csv writes, whatever the texts hold, in either language", async () => {
    for (const translate of [translator("es-AR"), translator("en")]) {
      const expected = await expectedCsv(undefined, translate);
      expect(expected.split("\r\n").length).toBeGreaterThan(tricky.length + randomTexts.length);
      expect(await exported(undefined, translate)).toBe(expected);
    }
  });

  it("does so in small chunks too, event by event", async () => {
    const translate = translator("en");
    for (const eventId of eventIds) expect(await exported(eventId, translate, 3)).toBe(await expectedCsv(eventId, translate));
  });
});

describe("COPY's line ends turned into CRLF", () => {
  // COPY's CSV with the mark (\x01) after each line's last cell: quoted cells may hold LF, CR,
  // CRLF, doubled quotes and the mark itself, and an unquoted text may hold the mark.
  const lines = [
    ['a,b,"x\ny"', "1"],
    ['"say ""hi""\n",,', ""],
    ['"\r\n",\x01mark\x01', "2"],
    ["plain,line", "3"],
    ['"""",""""', ""],
    ['"a\x01\n""\x01\n"""', "4"],
  ];
  const copied = lines.map(([cells, last]) => `${cells},${last}\x01\n`).join("");
  const expected = lines.map(([cells, last]) => `${cells},${last}\r\n`).join("");

  const convert = (chunks: string[]) => {
    const lineEnds = crlfLineEnds();
    const out = chunks.flatMap((chunk) => lineEnds.next(Buffer.from(chunk)));
    lineEnds.end();
    return Buffer.concat(out).toString();
  };

  it("ends lines with CRLF and leaves the line breaks and marks inside cells alone", () => {
    expect(convert([copied])).toBe(expected);
  });

  it("does so wherever the chunks are cut", () => {
    for (let cut = 0; cut <= copied.length; cut++) {
      for (const second of [cut, Math.min(copied.length, cut + 1), Math.min(copied.length, cut + 5)]) {
        expect(convert([copied.slice(0, cut), copied.slice(cut, second), copied.slice(second)])).toBe(expected);
      }
    }
    expect(convert([...copied])).toBe(expected);
  });

  it("refuses output that is not COPY's: a line without its mark, or cut in the middle of a line", () => {
    expect(() => convert(["a,b,1\n"])).toThrow(/did not end with its mark/);
    expect(() => convert(['a,"b,1\x01\n'])).toThrow(/middle of a line/);
    expect(() => convert(["a,b,1\x01"])).toThrow(/middle of a line/);
  });
});
