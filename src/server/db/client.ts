/**
 * The connection factory: the only place that knows whether PGlite or a PostgreSQL server is in use
 * (database.ts holds what both share, pglite.ts and postgres.ts each one's own).
 */
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { TRANSACTION_TIME_LIMIT_MS, type Database, type Db } from "./database";
import { openPglite } from "./pglite";
import { openPostgres, type Pool } from "./postgres";

export * from "./database";
export * from "./errors";

// Source: src/server/db/migrations. Bundled: dist/server/migrations (copied by the build).
const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres://… : use that server. */
  url?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  migrationsDir?: string;
  poolSize?: number;
  transactionTimeLimitMs?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsDir ?? MIGRATIONS_DIR;
  const timeLimitMs = options.transactionTimeLimitMs ?? TRANSACTION_TIME_LIMIT_MS;
  return options.url
    ? openPostgres(options.url, migrationsFolder, options.poolSize ?? 10, timeLimitMs)
    : openPglite(options.dataDir, migrationsFolder, timeLimitMs);
}

const statementNames = new Map<string, string>();

/**
 * Runs a fixed statement with positional values ($1, $2 …), for the hottest statements: on
 * PostgreSQL through the pipelined lanes, prepared once per connection under a name derived from
 * its text (the server then skips parsing and planning it), its round trips shared with other
 * requests' statements. Each is a transaction of its own.
 */
export async function runStatement<T>(db: Db, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: Pool | PGlite }).$client;
  if (client instanceof PGlite) return (await client.query<T>(text, values)).rows;
  let name = statementNames.get(text);
  if (!name) {
    name = `s_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return (await client.lanes.query<T & pg.QueryResultRow>({ name, text, values })).rows;
}

/** The rows of `db.execute`, whichever driver answered (an array, or a result with `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
