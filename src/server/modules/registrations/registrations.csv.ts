/**
 * The export's rows, written by the database. Each cell is computed by PostgreSQL as
 * @common/csv's `csvCell` writes it, all but the quoting: numbers as text, booleans as Yes/No,
 * moments on the agency's clock, stored values in the reader's words (a CASE of the catalogue's
 * labels), texts neutralised (a formula character at the start gets an apostrophe) and an empty
 * text null. What is left is RFC 4180 quoting, which COPY's CSV format
 * applies exactly as `csvCell` does (a cell holding a quote, a comma, CR or LF goes in quotes with
 * its quotes doubled; null is an empty cell), on PGlite as on a PostgreSQL server. COPY ends its
 * lines with LF alone: a mark before it becomes the CR (crlfLineEnds).
 *
 * Why: reading 25 typed columns per row through the driver and encoding them in JavaScript cost
 * more than the database's whole work for a large export (issue 7); COPY hands over finished bytes.
 */
import {
  FORMULA_START_CHARACTERS,
  REGISTRATION_CSV_COLUMNS,
  ZERO_WIDTH_CHARACTERS,
  type CsvCellKind,
  type CsvColumn,
  type RegistrationCsvSource,
} from "@common/csv";
import { AGENCY_TIME_ZONE } from "@common/dates-language";
import type { Translate } from "@common/i18n";
import { getTableColumns, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { eventTimeslots, modelRegistrations as r, registrationTags, scoutingEvents as e, tags } from "../../db/schema";
import { filterCondition, type FilterOptions } from "./registrations.repository";

const FORMULA_START_CODES = sql.raw(FORMULA_START_CHARACTERS.map((character) => character.charCodeAt(0)).join(", "));
// The zero-width characters neutralise() looks through, as a literal for ltrim (none is a quote).
const ZERO_WIDTH = sql.raw(`'${ZERO_WIDTH_CHARACTERS.join("")}'`);

/**
 * A text as csvCell writes it before quoting: neutralised (its first character past any zero-width
 * ones, as neutralise() reads it), and null when empty (COPY quotes "").
 */
const text = (value: AnyColumn | SQL): SQL =>
  sql`nullif(case when ascii(ltrim(${value}, ${ZERO_WIDTH})) in (${FORMULA_START_CODES}) then '''' || ${value} else ${value} end, '')`;

const TIME_ZONE = sql.raw(`'${AGENCY_TIME_ZONE}'`);

/**
 * Each kind of cell as @common/csv writes it, in the reader's words (`t`). Numbers and booleans come
 * from the database, never from a person.
 */
const cellOf: Record<CsvCellKind, (value: AnyColumn | SQL, column: CsvColumn, t: Translate) => SQL> = {
  text,
  date: (value) => text(sql`${value}::text`),
  number: (value) => sql`${value}::text`,
  yesNo: (value) => sql`case when ${value} then 'Yes' when not ${value} then 'No' end`,
  // As agencyDateTime writes it; it always starts with a digit.
  timestamp: (value) => sql`to_char(${value} at time zone ${TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
  // HH:MM, as registrationCsvValues writes a slot's times.
  time: (value) => sql`left(${value}::text, 5)`,
  // The column's label of each stored value; another value as it is (neutralised: it may be a person's).
  label: (value, column, t) => {
    const labels = Object.entries(column.labels?.(t) ?? {});
    if (labels.length === 0) return text(sql`${value}::text`);
    const cases = sql.join(
      labels.map(([stored, label]) => sql`when ${stored} then ${label}`),
      sql` `,
    );
    return text(sql`(case ${value}::text ${cases} else ${value}::text end)`);
  },
};

const registrationColumns = getTableColumns(r) as Record<string, AnyColumn>;
/** Where a line's values are read that are not the registration's own columns: its event's, its slot's. */
const otherColumns: Partial<Record<keyof RegistrationCsvSource, AnyColumn | SQL>> = {
  eventName: e.eventName,
  eventDate: e.eventDate,
  eventLocation: e.location,
  timeslotStart: eventTimeslots.startTime,
  timeslotEnd: eventTimeslots.endTime,
  // The tags' names, as @common/csv's source holds them: by name, joined by "; ".
  tags: sql`(select string_agg(${tags.name}, '; ' order by lower(${tags.name}), ${tags.id})
    from ${registrationTags} join ${tags} on ${tags.id} = ${registrationTags.tagId}
    where ${registrationTags.registrationId} = ${r.id})`,
  // As JavaScript writes the number: 4 and 4.5, not 4.00 and 4.50.
  panelAverage: sql`${r.panelAverage}::float8`,
};

function sourceColumn(key: keyof RegistrationCsvSource): AnyColumn | SQL {
  const column = otherColumns[key] ?? registrationColumns[key];
  if (!column) throw new Error(`CSV export: no column for ${key}`);
  return column;
}

/** The cells of @common/csv's REGISTRATION_CSV_COLUMNS, in order, in the reader's words. */
const cellsFor = (t: Translate): SQL[] =>
  REGISTRATION_CSV_COLUMNS.map((column) => cellOf[column.kind](sourceColumn(column.key), column, t));
// The line-end mark (csvRowsQuery) rides on the last cell, which must never be quoted: a number or
// a moment (digits, a dash, a space, a colon).
if (!["number", "timestamp"].includes(REGISTRATION_CSV_COLUMNS.at(-1)?.kind ?? "")) {
  throw new Error("CSV export: the last column must be a number or a moment");
}

/** Where a chunk of the export starts or ends: a row's (created_at, id), created_at as exact text. */
export interface CsvRowKey {
  createdAt: string;
  id: string;
}

const from = sql`from ${r} join ${e} on ${e.id} = ${r.eventId} join ${eventTimeslots} on ${eventTimeslots.id} = ${r.timeslotId}`;
const key = (k: CsvRowKey) => sql`(${k.createdAt}::timestamptz, ${k.id}::uuid)`;

/**
 * The export's rows, newest first: one text (or null) per cell, named c0, c1…. The last cell (a
 * number, never quoted) ends with chr(1), which crlfLineEnds turns into the CR of CRLF. `after`
 * and `upTo` cut a chunk: the rows after one key, up to and including another, in that order.
 */
export function csvRowsQuery(
  filters: FilterOptions,
  t: Translate,
  range: { after?: CsvRowKey | undefined; upTo?: CsvRowKey | undefined } = {},
): SQL {
  const CELLS = cellsFor(t);
  const conditions = [
    filterCondition(filters),
    range.after && sql`(${r.createdAt}, ${r.id}) < ${key(range.after)}`,
    range.upTo && sql`(${r.createdAt}, ${r.id}) >= ${key(range.upTo)}`,
  ].filter((condition): condition is SQL => condition !== undefined);
  const cells = [...CELLS.slice(0, -1), sql`concat(${CELLS.at(-1)}, chr(${sql.raw(String(LINE_END_MARK))}))`];
  return sql`select ${sql.join(
    cells.map((cell, i) => sql`${cell} as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  )}
    ${from}
    ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
    order by ${r.createdAt} desc, ${r.id} desc`;
}

/**
 * The key of every `rows`-th row of the export, in its order: where its chunks may end. From the
 * registrations alone: their event and slot always exist (non-null foreign keys), so the export's
 * joins never drop a row, and the index on (event_id, created_at, id) serves an event's keys.
 */
export function csvChunkEndsQuery(filters: FilterOptions, rows: number): SQL {
  const where = filterCondition(filters);
  return sql`select created_at::text as created_at, id from (
      select ${r.createdAt} as created_at, ${r.id} as id,
        row_number() over (order by ${r.createdAt} desc, ${r.id} desc) as n
      from ${r}
      ${where ? sql`where ${where}` : sql``}
    ) as numbered
    where n % ${rows} = 0
    order by n`;
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
