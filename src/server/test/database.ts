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

export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({});
    await database.migrate();
    return { database, url: undefined, drop: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DB=pg needs TEST_DATABASE_URL");
  const name = `opencall_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
