/**
 * What the rest of the server knows of the database, whichever one is in use: the Drizzle handle's
 * types, the `Database` interface, and its time limits.
 */
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from "drizzle-orm/pg-core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql, type ExtractTablesWithRelations, type SQL } from "drizzle-orm";
import type { ListenHandlers, StopListening } from "./listen";
import type * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  readonly kind: "pglite" | "pg";
  readonly db: Db;
  /** Runs the committed migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** Committed migrations not applied to this database yet (0 when it is up to date). */
  pendingMigrations(): Promise<number>;
  /** Connections of the pool: open, idle, and requests waiting for one (PGlite: one, never waiting). */
  poolUse(): { total: number; idle: number; waiting: number; max: number };
  /**
   * PGlite only: a gzipped tar of the data directory, taken while no statement runs (after a
   * checkpoint), so that it is consistent while the server keeps running. PostgreSQL: pg_dump.
   */
  dump?: () => Promise<Blob>;
  /**
   * `COPY (query) TO … WITH (FORMAT csv)`: the rows as PostgreSQL's CSV writer writes them. They
   * are read as fast as the database writes them, into memory while the caller is slower (the
   * caller bounds the rows), so that the connection is free when the COPY ends, whoever reads. In a
   * read-only transaction, the query's values written inline: COPY takes no parameters.
   */
  copyCsv(query: SQL): AsyncIterable<Buffer>;
  /**
   * LISTEN on `channel` until the returned function is called (db/listen.ts): every payload NOTIFYd
   * on it and committed, from any process. Rejects when it cannot start (the database is down).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<StopListening>;
  close(): Promise<void>;
}

/**
 * How long a transaction may last. On PGlite, one connection for everyone, a transaction that
 * waits (on a client, on a slow computation) stops every other request: past this it is rolled
 * back. On PostgreSQL the server ends a transaction idle this long, and any statement after
 * STATEMENT_TIME_LIMIT_MS.
 */
export const TRANSACTION_TIME_LIMIT_MS = 5000;
export const STATEMENT_TIME_LIMIT_MS = 30_000;

/** A transaction rolled back because it outlived its time limit. */
export class TransactionTimeLimitError extends Error {
  constructor(readonly limitMs: number) {
    super(`the transaction took longer than ${limitMs} ms and was rolled back`);
    this.name = "TransactionTimeLimitError";
  }
}

const dialect = new PgDialect();

/** COPY takes no parameters: the query's values are written into the statement as literals. */
export function copyCsvStatement(query: SQL, to: string): string {
  const { sql: text, params } = dialect.sqlToQuery(query.inlineParams());
  if (params.length > 0) throw new Error("COPY: a value of the query was not written inline");
  return `copy (${text}) to ${to} with (format csv)`;
}

// Literals double their quotes (drizzle's escapeString), which is all a string needs while
// standard_conforming_strings is on (PostgreSQL's default): made certain for the COPY.
export const READ_ONLY_STANDARD_STRINGS = "set transaction read only; set local standard_conforming_strings = on";

/**
 * Iterates `source` at its own pace, from now on, keeping what the caller has not taken yet: a
 * slow caller (a client downloading) never slows, nor holds, what produces it (a COPY and its
 * connection). A failure is the caller's when it reaches it.
 */
export function readEagerly(source: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  const ready: Buffer[] = [];
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  void (async () => {
    try {
      for await (const chunk of source) {
        ready.push(chunk);
        wake?.();
      }
    } catch (error) {
      failure = error ?? new Error("COPY failed");
    } finally {
      ended = true;
      wake?.();
    }
  })();
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const chunk = ready.shift();
        if (chunk) yield chunk;
        else if (failure !== undefined) throw failure;
        else if (ended) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

/** How many of the committed migrations (the journal in `migrationsFolder`) `db` has not applied. */
export async function countPendingMigrations(db: Db, migrationsFolder: string): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ when: number }>;
  };
  let applied: number[] = [];
  try {
    const result = await db.execute(sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`);
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    applied = (rows as Array<{ created_at: string | number }>).map((row) => Number(row.created_at));
  } catch (error) {
    // No migration table yet: nothing applied.
    if ((error as { code?: string }).code !== "42P01") throw error;
  }
  // Drizzle's own rule: a migration newer than the last one applied is pending.
  const last = Math.max(0, ...applied);
  return journal.entries.filter((entry) => entry.when > last).length;
}
