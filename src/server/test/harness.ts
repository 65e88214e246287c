/**
 * `useTestApp()` gives a test file its own app on a freshly migrated database:
 *
 *   const t = useTestApp();
 *   it("…", async () => { const res = await t.app.inject({ method: "GET", url: "/api/health" }); });
 */
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { buildApp, type App } from "../app";
import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import { createTestDatabase, type TestDatabase } from "./database";

export const TEST_PUBLIC_URL = "http://localhost:3000";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: "test",
    isProduction: false,
    logLevel: "silent",
    logFormat: "json",
    trustProxy: false,
    metricsAllow: [],
    port: 0,
    host: "127.0.0.1",
    publicUrl: TEST_PUBLIC_URL,
    databaseUrl: undefined,
    dataDir: "/nonexistent",
    smtpUrl: undefined,
    mailFrom: "OpenCall <no-reply@localhost>",
    mailRatePerSecond: 1000,
    mailMaxAttempts: 8,
    mailSendLeaseSeconds: 120,
    dkim: undefined,
    authSecret: "test-secret-that-is-long-enough-0123456789abcdef",
    agencyEmailDomain: "agency.test",
    contactEmail: "contacto@agency.test",
    superadmin: undefined,
    staffSignup: "open",
    verificationTtlHours: 48,
    waitlistHoldHours: 12,
    reminderHoursBefore: 24,
    publicRegistrationRateLimit: 10_000,
    signInRateLimit: 10_000,
    shutdownTimeoutMs: 5000,
    apiDocs: "public",
    webhookAllowedHosts: [],
    storage: { kind: "disk", dir: path.join(tmpdir(), `opencall-test-storage-${randomBytes(6).toString("hex")}`) },
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  /** postgres:// URL of this file's database when running on PostgreSQL. */
  databaseUrl: string | undefined;
}

export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  const context = {} as TestApp;
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const config = testConfig(overrides);
    const app = await buildApp({ config, database: testDb.database, logger: false });
    await app.ready();
    Object.assign(context, { app, db: testDb.database.db, database: testDb.database, config, databaseUrl: testDb.url });
  });
  afterAll(async () => {
    await context.app?.close();
    await testDb?.drop();
  });
  return context;
}
