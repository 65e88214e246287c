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

/** A fixed statement's name, derived from its text: PostgreSQL prepares it once per connection. */
function namedStatement(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

const clientOf = (db: Db) => (db as unknown as { $client: Pool | PGlite }).$client;

/**
 * Runs a fixed statement with positional values ($1, $2 …), each a transaction of its own: on
 * PostgreSQL on a connection of the pool, prepared once per connection under a name derived from its
 * text (the server then skips parsing and planning it). For the statements that may be slow or
 * wait on a lock (check-ins, check-in search, arrivals, related registrations, the shared counters):
 * a slow one holds its own connection only (ADR 010, 2026-11-27).
 */
export async function runStatement<T>(db: Db, text: string, values: unknown[]): Promise<T[]> {
  const client = clientOf(db);
  if (client instanceof PGlite) return (await client.query<T>(text, values)).rows;
  const result = (await client.query({ name: namedStatement(text), text, values })) as pg.QueryResult<T & pg.QueryResultRow>;
  return result.rows;
}

/**
 * As runStatement, but on PostgreSQL through pipelined connections (postgres.ts), its round trips
 * shared with other requests' statements. A statement on a lane waits for every statement sent
 * before it on that lane, so each set carries only statements that never wait long: `registration`
 * the public registration's statement alone, `staff` the staff's indexed single-row reads (the
 * session lookup, a check-in's preview), which the check-in bench showed cheaper there (ADR 010,
 * 2026-11-27; db/lanes.test.ts: a slow staff statement never holds a registration).
 */
export async function runPipelined<T>(db: Db, text: string, values: unknown[], lanes: "registration" | "staff"): Promise<T[]> {
  const client = clientOf(db);
  if (client instanceof PGlite) return (await client.query<T>(text, values)).rows;
  const set = lanes === "registration" ? client.lanes : client.staffLanes;
  return (await set.query<T & pg.QueryResultRow>({ name: namedStatement(text), text, values })).rows;
}

/** The rows of `db.execute`, whichever driver answered (an array, or a result with `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
