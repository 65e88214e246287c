/**
 * The CSV export, streamed. One query runs once behind a server-side cursor; rows are fetched in
 * batches only as fast as the client reads (back-pressure), so memory stays flat however many
 * registrations an event has, and the database sorts once instead of once per batch.
 *
 * Each row arrives as one text (registrations.csv.ts), and the next batch is fetched while the
 * current one is written.
 *
 * The cursor lives in a read-only transaction. On PGlite (one connection) other queries wait for
 * it to end; PGlite serves small agencies, whose exports take milliseconds.
 */
import { Readable } from "node:stream";
import { registrationCsvHead } from "@common/csv";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { createCsvEncoder, csvCellsQuery, csvExportQuery, type CsvCursorRow } from "./registrations.csv";
import type { FilterOptions } from "./registrations.repository";

const BATCH_SIZE = 5000;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

export function registrationsCsvStream(db: Db, filters: FilterOptions, batchSize = BATCH_SIZE): Readable {
  let demand: (() => void) | undefined;
  let stopped = false;
  const wake = () => {
    const resolve = demand;
    demand = undefined;
    resolve?.();
  };
  const stream = new Readable({
    // About two batches: the next one is fetched and encoded while the socket takes this one.
    highWaterMark: 1024 * 1024,
    read: wake,
    destroy(error, callback) {
      stopped = true; // the client went away: stop fetching and end the transaction
      wake();
      callback(error);
    },
  });
  const push = async (chunk: string | Buffer) => {
    if (!stream.push(chunk)) await new Promise<void>((resolve) => (demand = resolve));
  };

  db.transaction(
    async (tx) => {
      await tx.execute(sql`declare registrations_csv no scroll cursor for ${csvExportQuery(filters)}`);
      const fetchBatch = async () =>
        rowsOf<CsvCursorRow>(await tx.execute(sql`fetch forward ${sql.raw(String(batchSize))} from registrations_csv`));
      const encode = createCsvEncoder(async (id) => {
        const [row] = rowsOf<{ cells: string[] }>(await tx.execute(csvCellsQuery(id)));
        if (!row) throw new Error(`CSV export: registration ${id} vanished from its own snapshot`);
        return row.cells;
      });
      await push(registrationCsvHead());
      let next: Promise<CsvCursorRow[]> | undefined = fetchBatch();
      while (next) {
        const rows: CsvCursorRow[] = await next;
        // The database prepares the next batch while this one is written.
        next = rows.length === batchSize && !stopped ? fetchBatch() : undefined;
        next?.catch(() => {}); // awaited on the next turn; meanwhile a failure is not "unhandled"
        if (rows.length === 0 || stopped) break;
        await push(await encode(rows));
      }
      await tx.execute(sql`close registrations_csv`);
    },
    // Repeatable read: a row read again by id (see createCsvEncoder) is as the cursor saw it.
    { accessMode: "read only", isolationLevel: "repeatable read" },
  ).then(
    () => {
      if (!stopped) stream.push(null);
    },
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}
