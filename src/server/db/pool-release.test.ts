/**
 * A connection ended while checked out goes back to the pool (PostgreSQL only). Drizzle's
 * transaction sends BEGIN before its try/finally, so when the server has just ended the connection
 * it checked out, nothing released it: each blip cost the pool a connection for good, and with
 * them all gone every statement waited for ever.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKind, type TestDatabase } from "../test/database";
import { openDatabase, type Database } from "./client";

const onPostgres = testDbKind() === "pg";
let testDb: TestDatabase | undefined;
let database: Database;
let admin: pg.Client;

beforeAll(async () => {
  if (!onPostgres) return;
  testDb = await createTestDatabase();
  await testDb.database.close();
  database = await openDatabase({ url: testDb.url!, poolSize: 50 });
  admin = new pg.Client({ connectionString: testDb.url!, application_name: "test-admin" });
  await admin.connect();
});
afterAll(async () => {
  if (!onPostgres) return;
  await admin.end();
  await database.close();
  await testDb?.drop();
});

describe.skipIf(!onPostgres)("the PostgreSQL pool when the server ends connections", () => {
  it("loses no connection to transactions whose connection was ended just before their BEGIN", { timeout: 60_000 }, async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    // At most two connections are lost per round: 20 rounds never run the pool dry.
    for (let round = 0; round < 20; round++) {
      await database.db.execute(sql`select 1`);
      // The idle connections end while transactions check them out.
      const ending = admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'opencall'",
      );
      await Promise.allSettled([1, 2].map(() => database.db.transaction((tx) => tx.execute(sql`select 1`))));
      await ending;
      await Promise.allSettled([1, 2].map(() => database.db.transaction((tx) => tx.execute(sql`select 1`))));
    }
    // Every connection comes back (a dropped one once its socket has closed): none stays held by
    // a transaction that is over.
    const inUse = () => pool.totalCount - pool.idleCount;
    for (const deadline = Date.now() + 5000; inUse() > 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
    expect(inUse()).toBe(0);
    expect(pool.waitingCount).toBe(0);
    await database.db.transaction((tx) => tx.execute(sql`select 1`));
  });
});
