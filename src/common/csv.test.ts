import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agencyDateTime } from "./dates-language";
import { translator } from "./i18n";
import {
  CSV_BOM,
  csvCell,
  csvLine,
  REGISTRATION_CSV_HEADERS,
  registrationCsvHead,
  registrationCsvLine,
  type RegistrationCsvSource,
} from "./csv";
import { REGISTRANT_FIELD_NAMES, registrantFields } from "./registrant/fields";

/** A minimal RFC 4180 reader, to check that what we write reads back as the same cells. */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

const sample: RegistrationCsvSource = {
  fullName: "José Peña",
  age: 22,
  dateOfBirth: "2004-05-17",
  location: "Córdoba, Argentina",
  email: "jose@example.com",
  phoneNumber: "1155551234",
  status: "confirmed",
  emailVerified: true,
  createdAt: "2026-01-10T13:00:00.000Z",
  eventName: "Casting Ñandú",
  eventDate: "2026-03-05",
  eventLocation: "Av. Corrientes 1234",
  height: 178,
  eyeColor: "Marrón",
  bust: null,
  waist: 60,
  hips: 90,
  instagramHandle: "@jose",
  internationalWork: false,
  registrationCode: "OC-ABC123",
  timeslotStart: "10:00:00",
  timeslotEnd: "11:00:00",
  liked: true,
  attended: false,
  rating: null,
  stage: "shortlisted",
  tags: "Comercial; Editorial",
  panelAverage: 4.33,
  guardianName: "Ana Tutora",
  guardianEmail: "tutora@example.com",
  guardianStatus: "approved",
  guardianDecidedAt: "2026-01-11T02:30:00.000Z",
  consentDataProcessing: true,
  consentPhotoScouting: false,
  privacyNoticeVersion: 2,
  consentedAt: "2026-01-10T12:59:30.000Z",
};

const es = translator("es-AR");
const en = translator("en");

const SPEC_HEADERS =
  "Full Name,Age,Date of Birth,Location,Email,Phone Number,Status,Email Verified,Created At,Event Name,Event Date,Event Location,Height,Eye Color,Bust,Waist,Hips,Instagram Handle,International Work,Registration Code,Timeslot Start,Timeslot End,Liked,Attended,Rating";

describe("the registrations CSV", () => {
  it("starts with the BOM and the 25 headers of docs/product.md §3, in order, a field added since after International Work, then the panel's, the guardian's and the consent's", () => {
    const head = registrationCsvHead();
    expect(head.startsWith(CSV_BOM)).toBe(true);
    expect(head.endsWith("\r\n")).toBe(true);
    const headers = head.slice(1, -2).split(",");
    const spec = SPEC_HEADERS.split(",");
    expect(headers.filter((h) => spec.includes(h))).toEqual(spec);
    const added = REGISTRANT_FIELD_NAMES.map((name) => registrantFields[name].csvHeader).filter((h) => !spec.includes(h));
    const afterInternationalWork = headers.indexOf("International Work") + 1;
    expect(headers).toEqual([
      ...spec.slice(0, afterInternationalWork),
      ...added,
      ...spec.slice(afterInternationalWork),
      "Stage",
      "Tags",
      "Panel Average",
      "Guardian Name",
      "Guardian Email",
      "Guardian Status",
      "Guardian Decided At",
      "Consent Data Processing",
      "Consent Photo Scouting",
      "Privacy Notice Version",
      "Consented At",
    ]);
    expect(REGISTRATION_CSV_HEADERS).toEqual(headers);
  });

  it("writes one line per registration, a cell per column, with Yes/No booleans and empty nulls", () => {
    const cells = parseCsvLine(registrationCsvLine(sample, es).replace(/\r\n$/, ""));
    expect(cells).toHaveLength(REGISTRATION_CSV_HEADERS.length);
    const spec = SPEC_HEADERS.split(",");
    const bySpecHeader = spec.map((header) => cells[REGISTRATION_CSV_HEADERS.indexOf(header)]);
    expect(bySpecHeader).toEqual([
      "José Peña",
      "22",
      "2004-05-17",
      "Córdoba, Argentina",
      "jose@example.com",
      "1155551234",
      "Confirmada",
      "Yes",
      "2026-01-10 10:00",
      "Casting Ñandú",
      "2026-03-05",
      "Av. Corrientes 1234",
      "178",
      "Marrón",
      "",
      "60",
      "90",
      "'@jose",
      "No",
      "OC-ABC123",
      "10:00",
      "11:00",
      "Yes",
      "No",
      "",
    ]);
    expect(cells.slice(REGISTRATION_CSV_HEADERS.indexOf("Stage"))).toEqual([
      "Preseleccionado",
      "Comercial; Editorial",
      "4.33",
      "Ana Tutora",
      "tutora@example.com",
      "Autorizada",
      "2026-01-10 23:30",
      "Yes",
      "No",
      "2",
      "2026-01-10 09:59",
    ]);
  });

  it("writes statuses, stages and eye colours in the exporting staff member's language, the headers as they are", () => {
    const cell = (source: RegistrationCsvSource, header: string) =>
      parseCsvLine(registrationCsvLine(source, en).replace(/\r\n$/, ""))[REGISTRATION_CSV_HEADERS.indexOf(header)];
    expect(cell(sample, "Status")).toBe("Confirmed");
    expect(cell({ ...sample, status: "pending" }, "Status")).toBe("Pending");
    expect(cell(sample, "Stage")).toBe("Shortlisted");
    expect(cell(sample, "Eye Color")).toBe("Brown");
    expect(cell({ ...sample, eyeColor: "Avellana/Hazel" }, "Eye Color")).toBe("Hazel");
    expect(cell(sample, "Guardian Status")).toBe("Approved");
    // A value that is no option any more (an old row) is written as it was stored, neutralised.
    expect(cell({ ...sample, eyeColor: "=Violeta" }, "Eye Color")).toBe("'=Violeta");
    expect(
      cell({ ...sample, guardianStatus: "not_required", guardianName: null, guardianDecidedAt: null }, "Guardian Decided At"),
    ).toBe("");
  });

  it("writes a moment on Buenos Aires' clock, as a spreadsheet reads a date and time", () => {
    expect(agencyDateTime("2026-01-10T13:00:00.000Z")).toBe("2026-01-10 10:00");
    // Just past midnight in UTC is still the evening before in Buenos Aires.
    expect(agencyDateTime("2026-03-01T02:59:59.999Z")).toBe("2026-02-28 23:59");
    // The zone's rules, not a fixed offset: Argentina kept summer time in 2008–09 (UTC−2).
    expect(agencyDateTime("2009-01-15T12:00:00.000Z")).toBe("2009-01-15 10:00");
  });

  it("neutralises cells that a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+54 11")).toBe("'+54 11");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell("María")).toBe("María");
    expect(csvCell(-5)).toBe("-5");
  });

  it("neutralises formulas behind zero-width characters and in full-width form", () => {
    for (const zeroWidth of ["\u200B", "\u200C", "\u200D", "\uFEFF", "\u2060"]) {
      for (const start of ["=", "+", "-", "@"]) expect(csvCell(`${zeroWidth}${start}1+1`)).toBe(`'${zeroWidth}${start}1+1`);
    }
    expect(csvCell("\u200B\u2060=1+1")).toBe("'\u200B\u2060=1+1");
    for (const fullWidth of ["\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]) expect(csvCell(`${fullWidth}1+1`)).toBe(`'${fullWidth}1+1`);
    expect(csvCell("\u200BMaría")).toBe("\u200BMaría");
    expect(csvCell("María＝")).toBe("María＝");
  });

  it("reads back every text as written (after neutralisation), whatever it holds", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 6 }), (texts) => {
        const line = csvLine(texts);
        expect(line.endsWith("\r\n")).toBe(true);
        const cells = parseCsvLine(line.slice(0, -2));
        expect(cells).toEqual(texts.map((t) => (/^[=+\-@\t\r]/.test(t) ? `'${t}` : t)));
      }),
    );
  });
});
