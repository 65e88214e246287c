import { csvCell } from "@common/csv";
import { beforeAll, describe, expect, it } from "vitest";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

// Formulas a spreadsheet could still run although the cell does not start with an ASCII = + - @:
// zero-width characters before them, or their full-width forms (issue 15, point 6). The export is
// written by the database (registrations.csv.ts), so it is checked there, on both databases.

const t = useTestApp();
let admin: Record<string, string>;
let eventId: string;

const disguised = [
  "\u200B=1+1",
  "\u200C+54 11",
  "\u200D-5",
  "\uFEFF@cmd",
  "\u2060=SUM(A1)",
  "\u200B\u2060=1+1",
  "\uFF1D1+1",
  "\uFF0B54",
  "\uFF0D5",
  "\uFF20cmd",
];

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
  const event = await createEvent(t.db, { eventName: "Casting Fórmulas" });
  eventId = event.id;
  const base = Date.UTC(2026, 1, 1, 12);
  for (const [i, fullName] of disguised.entries()) {
    await createRegistration(t.db, {
      eventId,
      timeslotId: event.timeslots[0]!.id,
      createdAt: new Date(base - i * 1000),
      fullName,
    });
  }
});

describe("GET /api/registrations/export.csv: disguised formulas", () => {
  it("gets an apostrophe in front of each, as @common/csv writes it", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/registrations/export.csv?eventId=${eventId}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.split("\r\n").slice(1, -1);
    expect(lines).toHaveLength(disguised.length);
    // Full names are the first cell; none of these needs quotes, so the cell ends at the first comma.
    expect(lines.map((line) => line.slice(0, line.indexOf(",")))).toEqual(disguised.map((name) => `'${name}`));
    // The SQL encoder and @common/csv agree on the full-name cell.
    for (const [i, name] of disguised.entries()) expect(lines[i]!.startsWith(`${csvCell(name)},`)).toBe(true);
  });
});
