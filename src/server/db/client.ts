/**
 * The connection factory: the only place that knows whether PGlite or a PostgreSQL server is in use.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

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
  close(): Promise<void>;
}

// Source: src/server/db/migrations. Bundled: dist/server/migrations (copied by the build).
const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres://… : use that server. */
  url?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  migrationsDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsDir ?? MIGRATIONS_DIR;
  return options.url
    ? openPostgres(options.url, migrationsFolder, options.poolSize ?? 10)
    : openPglite(options.dataDir, migrationsFolder);
}

async function openPglite(dataDir: string | undefined, migrationsFolder: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

const MIGRATION_LOCK_KEY = 72_1930_555; // arbitrary, constant: serialises migrations of app processes

/**
 * pg's Pool, except that `query` gives the connection back to the pool when the server refused the
 * statement (a unique or check violation: a duplicate registration, a full slot). pg-pool's own
 * `query` releases the connection with the error, which closes it: every refusal then cost a new
 * connection (a backend forked, the prepared statements prepared again), and in a rush onto full
 * slots the refusals ran at about 150 a second, seconds apart. A refusal leaves the session ready
 * (pg waits for ReadyForQuery before the next query); any other error (a broken socket, a FATAL
 * from the server) still closes the connection. Calls with a callback or a submittable (a COPY,
 * a cursor) are pg-pool's own.
 */
export class Pool extends pg.Pool {
  readonly lanes = new PipelinedLanes(this.options, PIPELINED_LANES);

  constructor(config: pg.PoolConfig) {
    super(config);
    // pg-pool listens for a connection's errors only while it is idle: a socket that breaks while a
    // query or a transaction has it checked out would emit an unhandled 'error' and end the
    // process. The query in flight fails with the error anyway, and the broken connection is
    // dropped when it is released.
    this.on("connect", (client) => client.on("error", () => {}));
  }

  // Every overload of pg.Pool's query, forwarded or handled below.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [config, values] = args as [string | pg.QueryConfig, unknown[] | undefined];
    const submittable = typeof config === "object" && typeof (config as { submit?: unknown }).submit === "function";
    if (submittable || args.some((arg) => typeof arg === "function")) return (super.query as (...a: unknown[]) => unknown)(...args);
    return this.connect().then(async (client) => {
      try {
        const result = await client.query(config, values);
        client.release();
        return result;
      } catch (error) {
        const refused = error instanceof pg.DatabaseError && error.severity !== "FATAL" && error.severity !== "PANIC";
        client.release(refused ? undefined : error instanceof Error ? error : true);
        throw error;
      }
    });
  }
}

/**
 * Pipelined connections beside the pool, for the hottest statement (the public registration). Each
 * runs its statements back to back, thousands a second: two keep two server cores busy, which is
 * several times the worst rush a casting sees. Measured on 2 cores: 1 lane 0.46×, 2 lanes
 * 0.54–0.65×, 3 lanes 0.52×, 4 lanes 0.49–0.55×, 8 lanes 0.46× the bare endpoint's throughput.
 */
const PIPELINED_LANES = 2;

/**
 * A few connections in pg's pipeline mode, shared by every caller: statements from many requests
 * go out together and the server runs them back to back, where the pool gives each statement a
 * connection of its own, one round trip and one wake-up of a server process each. Under a rush of
 * registrations that is a quarter to a third of the CPU per registration, on both sides. Only for
 * single statements outside a transaction: each is its own transaction (pg ends each with a Sync),
 * so one refused statement does not touch the others. A connection that fails is replaced by the
 * next call; the statements in flight on it fail with it.
 */
class PipelinedLanes {
  private readonly connections: Array<Promise<pg.Client> | undefined>;
  private next = 0;
  private ended = false;

  constructor(
    private readonly options: pg.ClientConfig,
    count: number,
  ) {
    this.connections = Array.from({ length: count }, () => undefined);
  }

  async query<T extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<T>> {
    if (this.ended) throw new Error("the database is closed");
    const index = this.next++ % this.connections.length;
    const client = await (this.connections[index] ?? this.open(index));
    return client.query<T>(config);
  }

  private open(index: number): Promise<pg.Client> {
    const client = new pg.Client({ ...this.options, pipeline: true, application_name: "opencall-pipelined" });
    const opened = client.connect().then(() => client);
    const forget = () => {
      if (this.connections[index] === opened) this.connections[index] = undefined;
    };
    // A broken connection must not crash the process: it is forgotten, and replaced on next use.
    client.on("error", forget);
    client.on("end", forget);
    opened.catch(forget);
    this.connections[index] = opened;
    return opened;
  }

  async end(): Promise<void> {
    this.ended = true;
    const open = this.connections.splice(0);
    await Promise.all(open.map((connection) => connection?.then((client) => client.end()).catch(() => {})));
  }
}

async function openPostgres(url: string, migrationsFolder: string, max: number): Promise<Database> {
  const pool = new Pool({ connectionString: url, max });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: "pg",
    db,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.lanes.end();
      await pool.end();
    },
  };
}

/**
 * Runs a fixed statement under a name, on PostgreSQL through the pipelined lanes: node-postgres
 * prepares it once per connection, PostgreSQL then skips parsing and planning it, and statements
 * of concurrent requests share round trips. PGlite runs it as it is. For the hottest statements
 * only (their text must never vary: the name stands for it), with positional parameters, each a
 * transaction of its own.
 */
export async function runNamed<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: Pool | PGlite }).$client;
  if (client instanceof PGlite) return (await client.query<T>(text, values)).rows;
  return (await client.lanes.query<T & pg.QueryResultRow>({ name, text, values })).rows;
}

/** PostgreSQL's SQLSTATE of a failed query, looking through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = "23505";
export const PG_FOREIGN_KEY_VIOLATION = "23503";
export const PG_CHECK_VIOLATION = "23514";
