/**
 * A freshly migrated database for one test file: PGlite in memory, or (TEST_DB=pg) a new database
 * on the TEST_DATABASE_URL server, dropped afterwards, so parallel files and runs never collide.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../db/client";

export type TestDbKind = "pglite" | "pg";

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === "pg" ? "pg" : "pglite";
}

export interface TestDatabase {
  database: Database;
  /** postgres:// URL of the test database (pg only), for tests that need a second process. */
  url: string | undefined;
  drop(): Promise<void>;
}

async function onServer(statement: string): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DB=pg needs TEST_DATABASE_URL");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the TEST_DATABASE_URL server: its URL, and how to drop it. */
export async function createScratchPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `opencall_test_${randomBytes(6).toString("hex")}`;
  await onServer(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({});
    await database.migrate();
    return { database, url: undefined, drop: () => database.close() };
  }
  const scratch = await createScratchPgDatabase();
  const database = await openDatabase({ url: scratch.url, poolSize: 20 });
  await database.migrate();
  return {
    database,
    url: scratch.url,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
