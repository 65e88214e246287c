/**
 * A PostgreSQL server: the pool (which keeps a connection after a refused statement), the
 * pipelined connections for the hottest statement, and the server's time limits.
 */
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import {
  copyCsvStatement,
  countPendingMigrations,
  READ_ONLY_STANDARD_STRINGS,
  readEagerly,
  STATEMENT_TIME_LIMIT_MS,
  type Database,
  type Db,
} from "./database";
import { isConnectionError, NotSentError } from "./errors";
import { listenOnPostgres } from "./listen";
import * as schema from "./schema";

const MIGRATION_LOCK_KEY = 72_1930_555; // arbitrary, constant: serialises migrations of app processes

/**
 * pg's Pool, except that `query` gives the connection back to the pool when the server refused the
 * statement (a unique or check violation: a duplicate registration, a full slot). pg-pool's own
 * `query` releases the connection with the error, which closes it: every refusal then cost a new
 * connection (a backend forked, the prepared statements prepared again), which throttled a rush
 * onto full slots (ADR 007). A refusal leaves the session ready
 * (pg waits for ReadyForQuery before the next query); any other error (a broken socket, a FATAL
 * from the server) still closes the connection. Calls with a callback or a submittable (a COPY,
 * a cursor) are pg-pool's own.
 */
export class Pool extends pg.Pool {
  /** The public registration's statement alone (ADR 007, ADR 010 2026-11-27). */
  readonly lanes = new PipelinedLanes(this.options, PIPELINED_LANES, "opencall-pipelined");
  /**
   * The staff's indexed single-row reads (the session lookup, a check-in's preview): never a
   * visitor's statement, never one that can wait on a lock (ADR 010, 2026-11-27).
   */
  readonly staffLanes = new PipelinedLanes(this.options, STAFF_LANES, "opencall-staff-pipelined");

  constructor(config: pg.PoolConfig) {
    super(config);
    // pg-pool listens for a connection's errors only while it is idle: a socket that breaks while a
    // query or a transaction has it checked out would emit an unhandled 'error' and end the
    // process. The query in flight fails with the error anyway, and the broken connection is
    // dropped when it is released.
    this.on("connect", (client) => client.on("error", () => {}));
  }

  /**
   * A checked-out connection whose session ends (the server ended it, the socket broke) is given
   * back to the pool at once, which drops it; its owner's own release later does nothing. Drizzle's
   * transaction sends BEGIN before its try/finally: when the BEGIN fails on a connection ended
   * meanwhile, it never releases the client, and each such blip cost the pool one connection for
   * good, until none was left (campaigns.connection-loss.test.ts hung closing the pool).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override connect(...args: any[]): any {
    if (args.length > 0) return (super.connect as (...a: unknown[]) => unknown)(...args);
    return super.connect().then(releasedWhenEnded);
  }

  // Every overload of pg.Pool's query, forwarded or handled below.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [config, values] = args as [string | pg.QueryConfig, unknown[] | undefined];
    const submittable = typeof config === "object" && typeof (config as { submit?: unknown }).submit === "function";
    if (submittable || args.some((arg) => typeof arg === "function"))
      return (super.query as (...a: unknown[]) => unknown)(...args);
    return (this.connect() as Promise<pg.PoolClient>).then(async (client) => {
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

function releasedWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const giveBack = client.release;
  let released = false;
  const ended = () => client.release(new Error("the connection ended while checked out"));
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("end", ended);
    giveBack(error);
  };
  client.once("end", ended);
  return client;
}

/**
 * Pipelined connections beside the pool, for the hottest statement (the public registration). Each
 * runs its statements back to back, thousands a second: two keep two server cores busy, which is
 * several times the worst rush a casting sees; more only add contention (ADR 007).
 */
const PIPELINED_LANES = 2;
/** The staff's reads: a door's phones and the staff screens, far fewer than a rush. */
const STAFF_LANES = 1;

/**
 * A few connections in pg's pipeline mode, shared by every caller: statements from many requests
 * go out together and the server runs them back to back, where the pool gives each statement a
 * connection of its own, one round trip and one wake-up of a server process each (ADR 007). Only for
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
    private readonly applicationName: string,
  ) {
    this.connections = Array.from({ length: count }, () => undefined);
  }

  async query<T extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<T>> {
    // Closed under the app (a shutdown): nothing was sent, so callers answer 503 as for a lost connection.
    if (this.ended) throw new NotSentError(new Error("the database is closed"));
    const index = this.next++ % this.connections.length;
    const connection = this.connections[index] ?? this.open(index);
    let client: pg.Client;
    try {
      client = await connection;
    } catch (error) {
      throw new NotSentError(error);
    }
    try {
      return await client.query<T>(config);
    } catch (error) {
      // The server ended the session (its FATAL comes before the socket closes): the next statement,
      // a retry included, goes to a new connection.
      if (isConnectionError(error) && this.connections[index] === connection) {
        this.connections[index] = undefined;
        client.end().catch(() => {});
      }
      throw error;
    }
  }

  private open(index: number): Promise<pg.Client> {
    const client = new pg.Client({ ...this.options, pipeline: true, application_name: this.applicationName });
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

export async function openPostgres(url: string, migrationsFolder: string, max: number, timeLimitMs: number): Promise<Database> {
  const pool = new Pool({
    connectionString: url,
    application_name: "opencall",
    max,
    statement_timeout: STATEMENT_TIME_LIMIT_MS,
    idle_in_transaction_session_timeout: timeLimitMs,
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: "pg",
    db,
    migrate: async () => {
      // A connection of its own, without the time limits: a migration may rebuild an index.
      const client = new pg.Client({ connectionString: url, application_name: "opencall-migrate" });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    pendingMigrations: () => countPendingMigrations(db, migrationsFolder),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    copyCsv: (query) =>
      readEagerly(
        (async function* () {
          const client = await pool.connect();
          let finished = false;
          try {
            await client.query("begin");
            await client.query(READ_ONLY_STANDARD_STRINGS);
            yield* client.query(copyTo(copyCsvStatement(query, "stdout"))) as AsyncIterable<Buffer>;
            await client.query("commit");
            finished = true;
          } finally {
            // A connection left in the middle of a COPY is closed, not handed to the next request.
            client.release(finished ? undefined : new Error("COPY did not finish"));
          }
        })(),
      ),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.lanes.end();
      await pool.staffLanes.end();
      await pool.end();
    },
  };
}
