/**
 * A database blip right after the SMTP server accepted messages (issue 15, point 2): the test ends
 * every connection of the app and refuses new ones for two seconds just before the server's 250
 * goes out, so the worker cannot record what was delivered. With a one-second lease, a result it
 * dropped would be re-queued and sent again as soon as the database is back. The worker must keep
 * the results, record them once it can, and send nothing twice. PostgreSQL only: PGlite has no
 * connection to lose.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../db/schema";
import { createSmtpTransport } from "../mail/transport";
import { testDbKind } from "../test/database";
import { useTestApp } from "../test/harness";
import { enqueueMany, memoryLogger } from "../test/outbox";
import { startTestSmtpServer } from "../test/smtp";
import { createOutboxWorker } from "./outbox-worker";

const onPostgres = testDbKind() === "pg";
const t = useTestApp({ mailSendLeaseSeconds: 1 });
const TOTAL = 30;

// `admin` ends the app's connections; `server`, on another database, lets connections in or not.
let admin: pg.Client;
let server: pg.Client;
let dbName: string;

beforeAll(async () => {
  if (!onPostgres) return;
  admin = new pg.Client({ connectionString: t.databaseUrl, application_name: "test-admin" });
  server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, application_name: "test-admin" });
  await Promise.all([admin.connect(), server.connect()]);
  dbName = (await admin.query<{ name: string }>("select current_database() as name")).rows[0]!.name;
});
afterAll(async () => {
  if (!onPostgres) return;
  await server.query(`alter database ${dbName} allow_connections true`);
  await Promise.all([admin.end(), server.end()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await condition()); await sleep(50)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

describe.skipIf(!onPostgres)("the database drops its connections right after the SMTP server accepted", () => {
  it("records every accepted message once the database is back, and sends none twice", { timeout: 60_000 }, async () => {
    const queued = await enqueueMany(t.db, TOTAL);
    let replies = 0;
    let outage: Promise<void> | undefined;
    const smtp = await startTestSmtpServer({
      delayMs: 5,
      beforeReply: async () => {
        if (++replies !== 5) return;
        // The server accepts this message (and the ones behind it) while the database is gone.
        await server.query(`alter database ${dbName} allow_connections false`);
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name like 'opencall%'",
        );
        outage = sleep(2000).then(async () => void (await server.query(`alter database ${dbName} allow_connections true`)));
      },
    });
    const log = memoryLogger();
    const worker = createOutboxWorker({
      db: t.db,
      config: { ...t.config, smtpUrl: smtp.url },
      log,
      pollIntervalMs: 50,
      batchSize: 10,
      transport: createSmtpTransport({ smtpUrl: smtp.url, mailFrom: t.config.mailFrom, ratePerSecond: 1000 }),
    });
    try {
      worker.start();
      await smtp.waitForReceived(TOTAL);
      await waitUntil(async () => outage !== undefined, "the outage");
      await outage;
      const notSent = async () =>
        (
          await t.db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(outboxMessages)
            .where(sql`${outboxMessages.status} <> 'sent'`)
        )[0]!.n;
      await waitUntil(async () => (await notSent()) === 0, "every message recorded sent");
      // Several leases go by: a result the worker had dropped would be re-queued and sent again.
      await sleep(2500);
    } finally {
      await worker.stop();
      await smtp.close();
    }

    const counts = smtp.countByMessageId();
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(new Set(counts.keys())).toEqual(new Set(queued.map((row) => row.messageId)));
    const rows = await t.db.select().from(outboxMessages);
    expect(rows.filter((row) => row.status !== "sent" || row.attempts !== 1)).toEqual([]);
  });
});
