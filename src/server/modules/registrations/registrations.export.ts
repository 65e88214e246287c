/**
 * The CSV export, streamed: rows come from the database in keyset-paginated batches and leave as
 * text straight away, so memory stays flat however many registrations an event has.
 */
import { Readable } from "node:stream";
import { registrationCsvHead, registrationCsvLine } from "@common/csv";
import type { DbOrTx } from "../../db/client";
import { createRegistrationsRepository, type FilterOptions } from "./registrations.repository";

const BATCH_SIZE = 2000;

async function* csvChunks(db: DbOrTx, filters: FilterOptions, batchSize: number): AsyncGenerator<string> {
  const repo = createRegistrationsRepository(db);
  yield registrationCsvHead();
  let after: { cursor: string; id: string } | undefined;
  for (;;) {
    const rows = await repo.csvBatch(filters, after, batchSize);
    if (rows.length === 0) return;
    let chunk = "";
    for (const row of rows) chunk += registrationCsvLine({ ...row, createdAt: row.createdAt.toISOString() });
    yield chunk;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    if (!last) return;
    after = { cursor: last.cursor, id: last.id };
  }
}

export function registrationsCsvStream(db: DbOrTx, filters: FilterOptions, batchSize = BATCH_SIZE): Readable {
  return Readable.from(csvChunks(db, filters, batchSize), { objectMode: false });
}
