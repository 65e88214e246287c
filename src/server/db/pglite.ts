/** The embedded database: PGlite in this process, one connection for everyone. */
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import {
  copyCsvStatement,
  countPendingMigrations,
  READ_ONLY_STANDARD_STRINGS,
  readEagerly,
  TransactionTimeLimitError,
  type Database,
  type Db,
} from "./database";
import { listenOnPglite } from "./listen";
import * as schema from "./schema";

export async function openPglite(dataDir: string | undefined, migrationsFolder: string, timeLimitMs: number): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  limitTransactions(db, timeLimitMs);
  return {
    kind: "pglite",
    db,
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    pendingMigrations: () => countPendingMigrations(db, migrationsFolder),
    poolUse: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    dump: async () => {
      // Written out first, so that the copy needs no WAL replay; the dump itself holds PGlite's
      // query lock: no statement runs while the files are read.
      await client.exec("checkpoint");
      return client.dumpDataDir("gzip");
    },
    copyCsv: (query) =>
      readEagerly(
        (async function* () {
          yield await client.transaction(async (tx) => {
            await tx.exec(READ_ONLY_STANDARD_STRINGS);
            // PGlite has no client to COPY to: it writes the output to a blob of the result.
            const { blob } = await tx.query(copyCsvStatement(query, "'/dev/blob'"));
            return blob ? Buffer.from(await blob.arrayBuffer()) : Buffer.alloc(0);
          });
        })(),
      ),
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Every transaction of `db` ends within `limitMs`: past it, its callback is abandoned and the
 * transaction rolled back; PGlite refuses any statement the callback tries afterwards. PGlite only:
 * on PostgreSQL an abandoned callback's statements would run on a connection back in the pool,
 * outside the transaction, so there the server's own limits end a transaction instead.
 */
function limitTransactions(db: Db, limitMs: number): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new TransactionTimeLimitError(limitMs)), limitMs);
          run(tx)
            .then(resolve, reject)
            .finally(() => clearTimeout(timer));
        }),
      config,
    )) as Db["transaction"];
}
