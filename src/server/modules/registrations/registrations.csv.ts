/**
 * The export's query and the encoder of its rows: two halves of one encoding, kept together.
 *
 * Reading 25 typed columns per row through the driver cost more than the database's whole work for
 * a large export (issue 7), so the database hands over one text per row: the registration's id and
 * three parts separated by \x1e (the registration's first cells, the event's cells, the
 * registration's last cells), each part's cells separated by \x1f. Numbers and booleans arrive as
 * @common/csv writes them; every other cell arrives as the text that `csvCell` was always given,
 * and gets it here when it needs it:
 * - a registration part in which no rule of csvCell would change a cell is written as it is, its
 *   separators turned into commas byte by byte in the encoded batch;
 * - the event's part is the same for all of an event's rows and is formatted once;
 * - a row whose texts hold a separator cannot be split: its cells are read again by id.
 */
import { CSV_EOL, csvCell } from "@common/csv";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { eventTimeslots, modelRegistrations as r, scoutingEvents as e } from "../../db/schema";
import { filterCondition, type FilterOptions } from "./registrations.repository";

/**
 * text: given to csvCell (what people typed, or a date or time PostgreSQL wrote as text).
 * written: a number or a boolean, already as csvCell writes it (digits, Yes/No, empty for null).
 */
type CellKind = "text" | "written";
interface Cell {
  kind: CellKind;
  /** Its text, never null (concat_ws would leave a null out and shift the cells after it). */
  sql: SQL;
  /** Its text in csvCellsQuery when it differs (the creation time, below). */
  exactSql?: SQL;
}

const orEmpty = (column: AnyColumn, value: SQL) => (column.notNull ? value : sql`coalesce(${value}, '')`);
const text = (column: AnyColumn, value: SQL = sql`${column}`): Cell => ({ kind: "text", sql: orEmpty(column, value) });
const number = (column: AnyColumn): Cell => ({ kind: "written", sql: orEmpty(column, sql`${column}::text`) });
const yesNo = (column: AnyColumn): Cell => ({
  kind: "written",
  sql: orEmpty(column, sql`case when ${column} then 'Yes' when not ${column} then 'No' end`),
});
// HH:MM, as @common/csv's registrationCsvValues writes a slot's times.
const hhmm = (column: AnyColumn): Cell => text(column, sql`left(${column}::text, 5)`);

// The 25 columns of @common/csv's registrationCsvValues, in order, in the three parts.
const REGISTRATION_HEAD: Cell[] = [
  text(r.fullName),
  number(r.age),
  text(r.dateOfBirth, sql`${r.dateOfBirth}::text`),
  text(r.location),
  text(r.email),
  text(r.phoneNumber),
  text(r.status),
  yesNo(r.emailVerified),
  // Last, as the encoder expects: to_char cost PostgreSQL about a sixth of the export, so the packed
  // row carries the UTC timestamp's plain text and the encoder writes it as to_char would.
  {
    kind: "text",
    sql: sql`(${r.createdAt} at time zone 'UTC')::text`,
    exactSql: sql`to_char(${r.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  },
];
const EVENT: Cell[] = [text(e.eventName), text(e.eventDate, sql`${e.eventDate}::text`), text(e.location)];
const REGISTRATION_TAIL: Cell[] = [
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
const ALL_CELLS = [...REGISTRATION_HEAD, ...EVENT, ...REGISTRATION_TAIL];

/** One exported row as the cursor returns it. */
export interface CsvCursorRow {
  packed: string;
}

const joined = (cells: Cell[]) =>
  sql`concat_ws(chr(31), ${sql.join(
    cells.map((cell) => cell.sql),
    sql`, `,
  )})`;

const fromJoins = sql`from ${r}
    join ${e} on ${e.id} = ${r.eventId}
    join ${eventTimeslots} on ${eventTimeslots.id} = ${r.timeslotId}`;

/** The export's query, newest first, for a server-side cursor. */
export function csvExportQuery(filters: FilterOptions): SQL {
  const where = filterCondition(filters);
  return sql`select concat_ws(chr(30), ${r.id}, ${joined(REGISTRATION_HEAD)}, ${joined(EVENT)}, ${joined(REGISTRATION_TAIL)}) as "packed"
    ${fromJoins}
    ${where ? sql`where ${where}` : sql``}
    order by ${r.createdAt} desc, ${r.id} desc`;
}

/** One registration's 25 cells as a JSON array of texts, for a row that cannot be split. */
export function csvCellsQuery(id: string): SQL {
  return sql`select json_build_array(${sql.join(
    ALL_CELLS.map((cell) => cell.exactSql ?? cell.sql),
    sql`, `,
  )}) as "cells"
    ${fromJoins}
    where ${r.id} = ${id}`;
}

const kindsOf = (cells: Cell[]) => cells.map((cell) => cell.kind);
const headKinds = kindsOf(REGISTRATION_HEAD);
const eventKinds = kindsOf(EVENT);
const tailKinds = kindsOf(REGISTRATION_TAIL);
const allKinds = kindsOf(ALL_CELLS);

function formatCells(cells: readonly string[], kinds: readonly CellKind[]): string {
  if (cells.length !== kinds.length) throw new Error(`CSV export: ${cells.length} cells where ${kinds.length} were expected`);
  return cells.map((cell, i) => (kinds[i] === "written" ? cell : csvCell(cell))).join(",");
}

// A part of `count` cells none of which csvCell would change: exactly count - 1 separators, no
// quote, comma or line break, no formula character (= + - @ tab CR) at a cell's start.
const untouched = (count: number) => {
  const cell = '(?:[^\\x1f",\\r\\n=+\\-@\\t][^\\x1f",\\r\\n]*)?';
  return new RegExp(`^${cell}(?:\\x1f${cell}){${count - 1}}$`);
};
const UNTOUCHED_HEAD = untouched(headKinds.length);
const UNTOUCHED_TAIL = untouched(tailKinds.length);

/** A registration part, its cells still separated by \x1f; undefined when it cannot be split. */
function formatRegistrationPart(part: string, kinds: readonly CellKind[], untouchedPart: RegExp): string | undefined {
  if (untouchedPart.test(part)) return part;
  const cells = part.split("\x1f");
  // Formatted cells joined by commas hold no \x1f: it is the same when the separators become commas.
  return cells.length === kinds.length ? formatCells(cells, kinds) : undefined;
}

// PostgreSQL's text of a UTC timestamp (DateStyle ISO, its default): date, time, up to six digits
// of fraction with the trailing zeros left out. Anything else (a BC year, another DateStyle) is
// read again by id, with to_char.
const PLAIN_TIMESTAMP = /^(\d{4,}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?$/;

/** As to_char(…, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') writes it: milliseconds truncated, not rounded. */
function isoTimestamp(text: string): string | undefined {
  const match = PLAIN_TIMESTAMP.exec(text);
  if (!match) return undefined;
  const [, date, time, fraction = ""] = match;
  return `${date}T${time}.${fraction.padEnd(3, "0").slice(0, 3)}Z`;
}

/** The head part with its last cell, the creation time, written as to_char would; undefined if it cannot be. */
function withIsoCreatedAt(head: string): string | undefined {
  const at = head.lastIndexOf("\x1f") + 1;
  const createdAt = isoTimestamp(head.slice(at));
  return createdAt === undefined ? undefined : head.slice(0, at) + createdAt;
}

const UNIT_SEPARATOR = 0x1f;
const COMMA = 0x2c;

/**
 * Turns batches of cursor rows into the bytes of their CSV lines. One per export: it remembers the
 * last event. `cellsOf` reads a registration's cells (csvCellsQuery) in the cursor's snapshot.
 */
export function createCsvEncoder(cellsOf: (id: string) => Promise<string[]>): (rows: readonly CsvCursorRow[]) => Promise<Buffer> {
  let lastEvent: string | undefined;
  let lastEventCells: string | undefined;

  /** The line with separators still \x1f, or undefined when the row cannot be split. */
  const lineOf = (parts: string[]): string | undefined => {
    if (parts.length !== 4) return undefined;
    const [, packedHead = "", event = "", tail = ""] = parts;
    const head = withIsoCreatedAt(packedHead);
    if (head === undefined) return undefined;
    if (event !== lastEvent) {
      const cells = event.split("\x1f");
      lastEvent = event;
      lastEventCells = cells.length === eventKinds.length ? formatCells(cells, eventKinds) : undefined;
    }
    if (lastEventCells === undefined) return undefined;
    const headCells = formatRegistrationPart(head, headKinds, UNTOUCHED_HEAD);
    const tailCells = formatRegistrationPart(tail, tailKinds, UNTOUCHED_TAIL);
    if (headCells === undefined || tailCells === undefined) return undefined;
    return `${headCells}\x1f${lastEventCells}\x1f${tailCells}${CSV_EOL}`;
  };

  return async (rows) => {
    const buffers: Buffer[] = [];
    let separated = "";
    const flush = () => {
      if (!separated) return;
      const bytes = Buffer.from(separated);
      for (let at = bytes.indexOf(UNIT_SEPARATOR); at !== -1; at = bytes.indexOf(UNIT_SEPARATOR, at + 1)) bytes[at] = COMMA;
      buffers.push(bytes);
      separated = "";
    };
    for (const { packed } of rows) {
      const parts = packed.split("\x1e");
      const line = lineOf(parts);
      if (line !== undefined) {
        separated += line;
        continue;
      }
      // A text holds a separator (nobody types one, but anybody could): its own bytes, untouched.
      flush();
      buffers.push(Buffer.from(formatCells(await cellsOf(parts[0] ?? ""), allKinds) + CSV_EOL));
    }
    flush();
    return buffers.length === 1 ? buffers[0]! : Buffer.concat(buffers);
  };
}
