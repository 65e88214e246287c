/**
 * The CSV export, streamed with back-pressure: memory stays flat however many registrations an
 * event has, and the rows come from one snapshot, sorted once.
 *
 * - PostgreSQL: `COPY (the rows) TO STDOUT WITH (FORMAT csv)` on a connection of the pool; the
 *   database writes the finished lines (registrations.csv.ts), and the socket is read only as fast
 *   as the client takes them.
 * - PGlite (no COPY to a client): the same rows behind a cursor, in batches, quoted here. The
 *   cursor lives in a read-only transaction, and other queries wait for it to end (one
 *   connection); PGlite serves small agencies, whose exports take milliseconds.
 */
import { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import { registrationCsvHead } from "@common/csv";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { Db } from "../../db/client";
import { CSV_CELL_NAMES, crlfLineEnds, csvLineOf, csvRowsQuery } from "./registrations.csv";
import type { FilterOptions } from "./registrations.repository";

const BATCH_SIZE = 5000;
/** About two PGlite batches, or a few dozen socket reads of COPY's output. */
const HIGH_WATER_MARK = 1024 * 1024;

export function registrationsCsvStream(db: Db, filters: FilterOptions, batchSize = BATCH_SIZE): Readable {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof PGlite) return cursorExport(db, filters, batchSize);
  return Readable.from(copyExport(client, filters), { objectMode: false, highWaterMark: HIGH_WATER_MARK });
}

const dialect = new PgDialect();

/** COPY takes no parameters: the filters' values are written into the statement as literals. */
function withValuesInline(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query.inlineParams());
  if (params.length > 0) throw new Error("CSV export: a value of the query was not written inline");
  return text;
}

async function* copyExport(pool: pg.Pool, filters: FilterOptions): AsyncGenerator<Buffer | string> {
  yield registrationCsvHead();
  const client = await pool.connect();
  let ended = false;
  try {
    await client.query("begin transaction read only");
    // Literals double their quotes (drizzle's escapeString), which is all a string needs while
    // standard_conforming_strings is on (PostgreSQL's default): made certain for this statement.
    await client.query("set local standard_conforming_strings = on");
    const statement = `copy (${withValuesInline(csvRowsQuery(filters, { markLineEnds: true }))}) to stdout with (format csv)`;
    const copy = client.query(copyTo(statement));
    const lineEnds = crlfLineEnds();
    for await (const chunk of copy) yield* lineEnds.next(chunk as Buffer);
    lineEnds.end();
    await client.query("commit");
    ended = true;
  } finally {
    // A client that went away leaves the COPY mid-stream: that connection is closed, not reused.
    client.release(ended ? undefined : new Error("CSV export: the COPY did not finish"));
  }
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

function cursorExport(db: Db, filters: FilterOptions, batchSize: number): Readable {
  let demand: (() => void) | undefined;
  let stopped = false;
  const wake = () => {
    const resolve = demand;
    demand = undefined;
    resolve?.();
  };
  const stream = new Readable({
    highWaterMark: HIGH_WATER_MARK,
    read: wake,
    destroy(error, callback) {
      stopped = true; // the client went away: stop fetching and end the transaction
      wake();
      callback(error);
    },
  });
  const push = async (chunk: string) => {
    if (!stream.push(chunk)) await new Promise<void>((resolve) => (demand = resolve));
  };

  type Row = Record<string, string | null>;
  db.transaction(
    async (tx) => {
      await tx.execute(sql`declare registrations_csv no scroll cursor for ${csvRowsQuery(filters)}`);
      const fetchBatch = async () => rowsOf<Row>(await tx.execute(sql`fetch forward ${sql.raw(String(batchSize))} from registrations_csv`));
      await push(registrationCsvHead());
      let next: Promise<Row[]> | undefined = fetchBatch();
      while (next) {
        const rows: Row[] = await next;
        // The database prepares the next batch while this one is written.
        next = rows.length === batchSize && !stopped ? fetchBatch() : undefined;
        next?.catch(() => {}); // awaited on the next turn; meanwhile a failure is not "unhandled"
        if (rows.length === 0 || stopped) break;
        let lines = "";
        for (const row of rows) lines += csvLineOf(CSV_CELL_NAMES.map((name) => row[name] ?? null));
        await push(lines);
      }
      await tx.execute(sql`close registrations_csv`);
    },
    { accessMode: "read only" },
  ).then(
    () => {
      if (!stopped) stream.push(null);
    },
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}
