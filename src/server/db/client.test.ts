/**
 * The connection factory's promises: on PostgreSQL, a statement the server refuses leaves its
 * connection in use, a connection that breaks fails only its own statements (told apart from a
 * refusal) and is replaced, statements sharing a pipelined connection each get their own answer;
 * on PGlite no transaction outlives its time limit (the server's limits do on PostgreSQL); on both,
 * COPY's CSV comes back whole.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKind, type TestDatabase } from "../test/database";
import {
  isConnectionError,
  isDatabaseUnavailable,
  openDatabase,
  rowsOf,
  runPipelined,
  runStatement,
  type Database,
} from "./client";

const onPostgres = testDbKind() === "pg";
const TIME_LIMIT_MS = 300;
let testDb: TestDatabase | undefined;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  if (onPostgres) {
    // One connection: any connection closed and opened again shows as a new backend.
    await testDb.database.close();
    database = await openDatabase({ url: testDb.url!, poolSize: 1, transactionTimeLimitMs: TIME_LIMIT_MS });
  } else {
    await testDb.database.close();
    database = await openDatabase({ transactionTimeLimitMs: TIME_LIMIT_MS });
  }
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backend = async () => rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
/**
 * A statement sent in the moment between the server ending a connection and the socket's close
 * reaching the driver fails with a connection error: once, then a new connection answers.
 */
async function afterReconnect<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    expect(isConnectionError(error)).toBe(true);
    return run();
  }
}

describe.skipIf(!onPostgres)("the PostgreSQL pool and its pipelined connections", () => {
  it("keeps a connection whose statement the server refused, and it answers the next query", async () => {
    const before = await backend();
    const refused = await failureOf(runStatement(database.db, "select 1 / $1::int", [0]));
    expect(refused).toMatchObject({ code: "22012" });
    expect(isConnectionError(refused)).toBe(false);
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    expect(await backend()).toBe(before);
    expect(await runStatement<{ n: number }>(database.db, "select $1::int as n", [7])).toEqual([{ n: 7 }]);
  });

  it("fails the statements of a connection the server ended, as a connection error, and opens a new one for the next", async () => {
    const before = await backend();
    await expect(
      database.db.execute(sql`select pg_terminate_backend(pg_backend_pid()), pg_sleep(1)`).catch((error: unknown) => {
        expect(isConnectionError(error)).toBe(true);
        throw error;
      }),
    ).rejects.toThrow();
    expect(await afterReconnect(backend)).not.toBe(before);
  });

  it("tells a connection that breaks mid-statement, or mid-transaction, from a refusal", async () => {
    const admin = await openDatabase({ url: testDb!.url!, poolSize: 1 });
    try {
      const terminateOthers = () =>
        sleep(200).then(() =>
          admin.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and application_name like 'opencall%'`),
        );
      const [sleeping] = await Promise.all([failureOf(database.db.execute(sql`select pg_sleep(5)`)), terminateOthers()]);
      expect(isConnectionError(sleeping)).toBe(true);
      const [inTransaction] = await Promise.all([
        failureOf(database.db.transaction(async (tx) => tx.execute(sql`select pg_sleep(5)`))),
        terminateOthers(),
      ]);
      expect(isConnectionError(inTransaction)).toBe(true);
      expect(await afterReconnect(() => runStatement<{ n: number }>(database.db, "select $1::int as n", [3]))).toEqual([
        { n: 3 },
      ]);
    } finally {
      await admin.close();
    }
  });

  it.each([
    [
      "the registration's pipelined connections",
      (text: string, values: unknown[]) => runPipelined(database.db, text, values, "registration"),
    ],
    ["the staff's pipelined connection", (text: string, values: unknown[]) => runPipelined(database.db, text, values, "staff")],
    ["the pool's one connection", (text: string, values: unknown[]) => runStatement(database.db, text, values)],
  ])("answers each of many statements sharing %s, refusals among them, with its own result", async (_, run) => {
    await afterReconnect(() => database.ping());
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => run("select 100 / $1::int as n", [i % 5])));
    results.forEach((result, i) => {
      if (i % 5 === 0) expect(result).toMatchObject({ status: "rejected", reason: { code: "22012" } });
      else expect(result).toEqual({ status: "fulfilled", value: [{ n: Math.trunc(100 / (i % 5)) }] });
    });
  });

  it("reports a server that refuses connections as a connection error", async () => {
    const url = new URL(testDb!.url!);
    url.port = "1"; // nothing listens there
    const nowhere = await openDatabase({ url: url.toString() });
    try {
      expect(isConnectionError(await failureOf(nowhere.ping()))).toBe(true);
    } finally {
      await nowhere.close();
    }
  });
});

describe("a transaction's time limit", () => {
  it("ends a transaction that waits past it, and the database goes on answering", async () => {
    let late: unknown;
    const waited = failureOf(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await sleep(TIME_LIMIT_MS * 3);
        late = await failureOf(tx.execute(sql`select 1`));
      }),
    );
    expect(isDatabaseUnavailable(await waited)).toBe(true);
    expect(await database.ping()).toBeUndefined();
    await sleep(TIME_LIMIT_MS * 3);
    // What the abandoned callback tried afterwards ran nowhere.
    expect(late).toBeInstanceOf(Error);
  });

  it("lets a transaction within the limit commit", async () => {
    const answer = await database.db.transaction(async (tx) => {
      await sleep(TIME_LIMIT_MS / 3);
      return rowsOf<{ n: number }>(await tx.execute(sql`select 2 as n`))[0]!.n;
    });
    expect(answer).toBe(2);
  });
});

describe("COPY to CSV", () => {
  it("returns the rows as PostgreSQL's CSV writes them, values written inline", async () => {
    const text = `it's "quoted", and\nbroken`;
    const chunks: Buffer[] = [];
    for await (const chunk of database.copyCsv(
      sql`select ${text} as a, ${null} as b, ${""} as c, ${42}::int as d union all select 'x\\y', 'z', null, null`,
    ))
      chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe(`"it's ""quoted"", and\nbroken",,"",42\nx\\y,z,,\n`);
  });
});
