/**
 * The PostgreSQL pool (client.ts's Pool) and its pipelined lanes: a statement the server refuses
 * leaves its connection in use, a connection the server ended is replaced, and the statements
 * sharing a pipelined connection each get their own answer. PGlite has no pool: skipped there.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import type pg from "pg";
import { openDatabase, runNamed, type Database, type Pool } from "./client";

const onPostgres = process.env.TEST_DB === "pg";
let testDb: TestDatabase | undefined;
let database: Database;

beforeAll(async () => {
  if (!onPostgres) return;
  testDb = await createTestDatabase("pg");
  // One connection: any connection closed and opened again shows as a new backend.
  database = await openDatabase({ url: testDb.url!, poolSize: 1 });
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const backend = async () => rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;

describe.skipIf(!onPostgres)("the PostgreSQL pool", () => {
  it("keeps a connection whose statement the server refused, and it answers the next query", async () => {
    const before = await backend();
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    await expect(runNamed(database.db, "refused", "select 1 / $1::int", [0])).rejects.toMatchObject({ code: "22012" });
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    expect(await backend()).toBe(before);
    expect(await runNamed<{ n: number }>(database.db, "answered", "select $1::int as n", [7])).toEqual([{ n: 7 }]);
  });

  it("replaces a connection the server ended", async () => {
    const before = await backend();
    await expect(database.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`)).rejects.toThrow();
    const after = await backend();
    expect(after).not.toBe(before);
  });

  it("survives a connection that breaks while a query has it: that query fails, the next ones get a new connection", async () => {
    const pool = (database.db as unknown as { $client: Pool }).$client;
    const breakIt = (client: pg.PoolClient) => setTimeout(() => (client as unknown as { connection: { stream: { destroy(e: Error): void } } }).connection.stream.destroy(new Error("network gone")), 50);
    pool.once("acquire", breakIt);
    await expect(database.db.execute(sql`select pg_sleep(1)`)).rejects.toThrow();
    pool.once("acquire", breakIt);
    await expect(database.db.transaction(async (tx) => tx.execute(sql`select pg_sleep(1)`))).rejects.toThrow();
    expect(await runNamed<{ n: number }>(database.db, "after_break", "select $1::int as n", [3])).toEqual([{ n: 3 }]);
    expect(await backend()).toBeGreaterThan(0);
  });

  it("answers each of many statements sharing the pipelined lanes, refusals among them, with its own result", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => runNamed<{ n: number }>(database.db, "lane_division", "select 100 / $1::int as n", [i % 5])),
    );
    results.forEach((result, i) => {
      if (i % 5 === 0) expect(result).toMatchObject({ status: "rejected", reason: { code: "22012" } });
      else expect(result).toEqual({ status: "fulfilled", value: [{ n: Math.trunc(100 / (i % 5)) }] });
    });
  });

  it("replaces a pipelined lane the server ended", async () => {
    await Promise.all(Array.from({ length: 8 }, () => runNamed(database.db, "lane_ping", "select 1 as one", [])));
    const ended = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = 'opencall-pipelined' and datname = current_database()) as t`,
      ),
    )[0]!.n;
    expect(ended).toBeGreaterThan(0);
    // Statements may fail while the lanes notice; within a moment every lane answers again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answers = await Promise.all(Array.from({ length: 8 }, () => runNamed<{ one: number }>(database.db, "lane_ping", "select 1 as one", [])));
    expect(answers).toEqual(Array.from({ length: 8 }, () => [{ one: 1 }]));
  });
});
