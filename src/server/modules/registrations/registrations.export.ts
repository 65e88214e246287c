/**
 * The CSV export, streamed with back-pressure: memory stays bounded however many registrations an
 * event has, and no connection is held while the client reads.
 *
 * The rows go out in chunks, newest first. Where a chunk may end is read first (one key every
 * thousand rows); then each chunk is one `COPY … TO … WITH (FORMAT csv)` of the rows between two
 * keys (the database writes the finished lines, registrations.csv.ts), read as fast as the database
 * writes it whatever the client's pace, and handed to the client as it comes, while the next chunk
 * is read too. A client that reads slowly, or not at all, only stops the
 * next chunk from being read: on PGlite, one connection for everyone, the public form keeps
 * answering. Chunks are cut between keys, so a row is never sent twice nor skipped; each
 * chunk is its own snapshot (a registration edited during a long export shows as its chunk read it).
 */
import { Readable } from "node:stream";
import { registrationCsvHead } from "@common/csv";
import type { Translate } from "@common/i18n";
import { rowsOf, type Database } from "../../db/client";
import { crlfLineEnds, csvChunkEndsQuery, csvRowsQuery, type CsvRowKey } from "./registrations.csv";
import type { FilterOptions } from "./registrations.repository";

/** Rows between two of the keys where chunks may be cut. */
const KEY_EVERY = 1000;
/**
 * What a chunk should cost the database: chunks grow (by whole spans of keys) while they take less
 * than half of it, and shrink past twice it. A fast server sends an export in a few large chunks;
 * PGlite, one connection for everyone, is held for about this long at a time.
 */
const CHUNK_MS = 200;
/** At most this many keys per chunk: about 8 MB of CSV in memory. */
const MAX_SPAN = 32;
/** What the stream keeps ready for a slow client, on top of the chunk being read. */
const HIGH_WATER_MARK = 1024 * 1024;

/** The export of `filters`' registrations, its values in the words of `t` (the exporting staff member's language). */
export function registrationsCsvStream(database: Database, filters: FilterOptions, t: Translate, keyEvery = KEY_EVERY): Readable {
  return Readable.from(csvChunks(database, filters, t, keyEvery), { objectMode: false, highWaterMark: HIGH_WATER_MARK });
}

async function* csvChunks(
  database: Database,
  filters: FilterOptions,
  t: Translate,
  keyEvery: number,
): AsyncGenerator<Buffer | string> {
  yield registrationCsvHead();
  const ends = rowsOf<{ created_at: string; id: string }>(await database.db.execute(csvChunkEndsQuery(filters, keyEvery)));
  const keys: CsvRowKey[] = ends.map((end) => ({ createdAt: end.created_at, id: end.id }));
  // Positions 0 … keys.length + 1: a chunk (from, to] takes the rows after key from-1, up to and
  // including key to-1; past the last key, the rest.
  const rest = keys.length + 1;
  const read = (from: number, to: number) =>
    database.copyCsv(csvRowsQuery(filters, t, { after: keys[from - 1], upTo: to <= keys.length ? keys[to - 1] : undefined }));
  const lineEnds = crlfLineEnds();
  let span = 2;
  let to = Math.min(span, rest);
  let current: AsyncIterable<Buffer> | undefined = read(0, to);
  let lastMs: number | undefined;
  while (current) {
    if (lastMs !== undefined && lastMs < CHUNK_MS / 2) span = Math.min(MAX_SPAN, span * 2);
    else if (lastMs !== undefined && lastMs > CHUNK_MS * 2) span = Math.max(1, Math.floor(span / 2));
    const from = to;
    to = Math.min(from + span, rest);
    // The next chunk is read while this one is written.
    const next = from < rest ? read(from, to) : undefined;
    const started = performance.now();
    for await (const output of current) yield* lineEnds.next(output);
    lastMs = performance.now() - started;
    current = next;
  }
  lineEnds.end();
}
