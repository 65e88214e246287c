/**
 * The export's rows, written by the database. Each of the 25 cells is computed by PostgreSQL as
 * @common/csv's `csvCell` writes it, all but the quoting: numbers as text, booleans as Yes/No, the
 * creation time as an ISO instant, texts neutralised (a formula character at the start gets an
 * apostrophe) and an empty text null. What is left is RFC 4180 quoting, which COPY's CSV format
 * applies exactly as `csvCell` does (a cell holding a quote, a comma, CR or LF goes in quotes with
 * its quotes doubled; null is an empty cell), and which `csvLineOf` applies where there is no
 * COPY (PGlite). COPY ends its lines with LF alone: a mark before it becomes the CR (crlfLineEnds).
 *
 * Why: reading 25 typed columns per row through the driver and encoding them in JavaScript cost
 * more than the database's whole work for a large export (issue 7); COPY hands over finished bytes.
 */
import { CSV_EOL, FORMULA_START_CHARACTERS, quoted } from "@common/csv";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { eventTimeslots, modelRegistrations as r, scoutingEvents as e } from "../../db/schema";
import { filterCondition, type FilterOptions } from "./registrations.repository";

const FORMULA_START_CODES = sql.raw(FORMULA_START_CHARACTERS.map((character) => character.charCodeAt(0)).join(", "));

/** A text as csvCell writes it before quoting: neutralised, and null when empty (COPY quotes ""). */
const text = (value: AnyColumn | SQL): SQL =>
  sql`nullif(case when ascii(${value}) in (${FORMULA_START_CODES}) then '''' || ${value} else ${value} end, '')`;
// Numbers and booleans come from the database, never from a person: written as they are.
const number = (column: AnyColumn): SQL => sql`${column}::text`;
const yesNo = (column: AnyColumn): SQL => sql`case when ${column} then 'Yes' when not ${column} then 'No' end`;
// HH:MM, as registrationCsvValues writes a slot's times.
const hhmm = (column: AnyColumn): SQL => sql`left(${column}::text, 5)`;

// The 25 columns of @common/csv's registrationCsvValues, in order.
const CELLS: SQL[] = [
  text(r.fullName),
  number(r.age),
  text(sql`${r.dateOfBirth}::text`),
  text(r.location),
  text(r.email),
  text(r.phoneNumber),
  text(r.status),
  yesNo(r.emailVerified),
  // As a JavaScript Date's toISOString (milliseconds truncated); it always starts with a digit.
  sql`to_char(${r.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  text(e.eventName),
  text(sql`${e.eventDate}::text`),
  text(e.location),
  number(r.height),
  text(r.eyeColor),
  number(r.bust),
  number(r.waist),
  number(r.hips),
  text(r.instagramHandle),
  yesNo(r.internationalWork),
  text(r.registrationCode),
  hhmm(eventTimeslots.startTime),
  hhmm(eventTimeslots.endTime),
  yesNo(r.liked),
  yesNo(r.attended),
  number(r.rating),
];

export const CSV_CELL_NAMES = CELLS.map((_, i) => `c${i}`);

/**
 * The export's rows, newest first: one text (or null) per cell, named c0 … c24. For COPY, the last
 * cell (a number, never quoted) ends with chr(1), which crlfLineEnds turns into the CR of CRLF.
 */
export function csvRowsQuery(filters: FilterOptions, options: { markLineEnds?: boolean } = {}): SQL {
  const where = filterCondition(filters);
  const cells = options.markLineEnds ? [...CELLS.slice(0, -1), sql`concat(${CELLS.at(-1)}, chr(${sql.raw(String(LINE_END_MARK))}))`] : CELLS;
  return sql`select ${sql.join(
    cells.map((cell, i) => sql`${cell} as ${sql.identifier(CSV_CELL_NAMES[i]!)}`),
    sql`, `,
  )}
    from ${r}
    join ${e} on ${e.id} = ${r.eventId}
    join ${eventTimeslots} on ${eventTimeslots.id} = ${r.timeslotId}
    ${where ? sql`where ${where}` : sql``}
    order by ${r.createdAt} desc, ${r.id} desc`;
}

/** One row's line as COPY's CSV format writes it, with CRLF. */
export function csvLineOf(cells: ReadonlyArray<string | null>): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (i > 0) line += ",";
    if (cell) line += quoted(cell);
  }
  return line + CSV_EOL;
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
/** chr(1), written by COPY after each line's last cell (see csvRowsQuery); it becomes the CR of CRLF. */
const LINE_END_MARK = 0x01;
const CR_BYTE = Buffer.from([CR]);
const MARK_BYTE = Buffer.from([LINE_END_MARK]);

/**
 * Turns COPY's line ends (the mark, then LF) into CRLF in place, chunk by chunk, wherever the
 * chunks are cut: no byte is copied. A line break inside a quoted cell is the cell's own and
 * stays as it is: quotes open and close in pairs (a doubled quote inside a cell closes and
 * reopens), so a LF outside them ends a line, and the line's last cell, a number, is never quoted.
 * `next` returns the chunk's bytes to send (a mark that ends a chunk waits for the next one).
 */
export function crlfLineEnds(): { next(chunk: Buffer): Buffer[]; end(): void } {
  let inQuotes = false;
  let heldMark = false;
  return {
    next(chunk) {
      if (chunk.length === 0) return [];
      const out: Buffer[] = [];
      const markBefore = heldMark && chunk[0] === LF;
      if (heldMark) out.push(markBefore ? CR_BYTE : MARK_BYTE);
      heldMark = false;
      let at = 0;
      // The next quote at or after `at`: searched again only once passed, so a chunk without
      // quotes is searched for them once.
      let nextQuote = chunk.indexOf(QUOTE);
      while (at < chunk.length) {
        if (nextQuote !== -1 && nextQuote < at) nextQuote = chunk.indexOf(QUOTE, at);
        if (inQuotes) {
          if (nextQuote === -1) break;
          inQuotes = false;
          at = nextQuote + 1;
          continue;
        }
        const lineEnd = chunk.indexOf(LF, at);
        if (nextQuote !== -1 && (lineEnd === -1 || nextQuote < lineEnd)) {
          inQuotes = true;
          at = nextQuote + 1;
          continue;
        }
        if (lineEnd === -1) break;
        if (lineEnd === 0 ? !markBefore : chunk[lineEnd - 1] !== LINE_END_MARK) {
          throw new Error("CSV export: a line from COPY did not end with its mark");
        }
        if (lineEnd > 0) chunk[lineEnd - 1] = CR;
        at = lineEnd + 1;
      }
      if (!inQuotes && chunk[chunk.length - 1] === LINE_END_MARK) {
        heldMark = true;
        out.push(chunk.subarray(0, chunk.length - 1));
      } else out.push(chunk);
      return out;
    },
    end() {
      if (heldMark || inQuotes) throw new Error("CSV export: COPY's output ended in the middle of a line");
    },
  };
}
