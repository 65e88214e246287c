/**
 * The CSV export, streamed. One query runs once behind a server-side cursor; rows are fetched in
 * batches only as fast as the client reads (back-pressure), so memory stays flat however many
 * registrations an event has, and the database sorts once instead of once per batch.
 *
 * The cursor lives in a read-only transaction. On PGlite (one connection) other queries wait for
 * it to end; PGlite serves small agencies, whose exports take milliseconds.
 */
import { Readable } from "node:stream";
import { registrationCsvHead, registrationCsvLine } from "@common/csv";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { csvExportQuery, type CsvCursorRow, type FilterOptions } from "./registrations.repository";

const BATCH_SIZE = 2000;

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

  db.transaction(
    async (tx) => {
      await tx.execute(sql`declare registrations_csv no scroll cursor for ${csvExportQuery(filters)}`);
      await push(registrationCsvHead());
      while (!stopped) {
        const rows = rowsOf<CsvCursorRow>(await tx.execute(sql`fetch forward ${sql.raw(String(batchSize))} from registrations_csv`));
        if (rows.length === 0) break;
        let chunk = "";
        for (const row of rows) chunk += registrationCsvLine(row);
        await push(chunk);
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
