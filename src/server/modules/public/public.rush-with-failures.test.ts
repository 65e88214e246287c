/**
 * A rush of registrations while the database drops its connections (issue 15, point 3): the test
 * ends every connection of the app again and again (pg_terminate_backend), then refuses new ones
 * for a while. The real outbox worker sends to a real SMTP server all along, with a one-second
 * lease: a result it failed to record would be re-queued and sent again within the test. Whatever
 * a visitor was told holds: each 201 is a stored registration that gets exactly one verification
 * e-mail, recorded sent, and nothing is stored for a 503. PostgreSQL only: PGlite has no
 * connection to lose.
 */
import { and, inArray, ne } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelRegistrations, outboxMessages } from "../../db/schema";
import { createOutboxWorker, type OutboxWorker } from "../../jobs/outbox-worker";
import { testDbKind } from "../../test/database";
import { createEvent, registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger } from "../../test/outbox";
import { freePort, startTestSmtpServer, type TestSmtpServer } from "../../test/smtp";

const onPostgres = testDbKind() === "pg";
const smtpPort = await freePort();
const t = useTestApp({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailSendLeaseSeconds: 1 });
const CLIENTS = 40;
/** A bound on the rush, whatever the machine's speed. */
const MAX_REQUESTS = 4000;

let smtp: TestSmtpServer;
let worker: OutboxWorker;
// `admin` ends the app's connections; `server`, on another database, lets connections in or not.
let admin: pg.Client;
let server: pg.Client;
let dbName: string;

beforeAll(async () => {
  if (!onPostgres) return;
  smtp = await startTestSmtpServer({ port: smtpPort });
  admin = new pg.Client({ connectionString: t.databaseUrl, application_name: "test-admin" });
  server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, application_name: "test-admin" });
  await Promise.all([admin.connect(), server.connect()]);
  dbName = (await admin.query<{ name: string }>("select current_database() as name")).rows[0]!.name;
  worker = createOutboxWorker({ db: t.db, config: t.config, log: memoryLogger(), pollIntervalMs: 50 });
  worker.start();
});
afterAll(async () => {
  if (!onPostgres) return;
  await server.query(`alter database ${dbName} allow_connections true`);
  await worker.stop();
  await Promise.all([admin.end(), server.end(), smtp.close()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function endAppConnections(): Promise<void> {
  await admin.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name like 'opencall%'",
  );
}

/**
 * Ends the app's connections every 100 ms for 1.5 s, then refuses connections for 2 s, during which
 * `whileRefused` starts (visitors arriving then; the rush's visitors, whose statements may have run,
 * wait the outage out). On a busy machine the arrivals may take longer than 2 s to reach the
 * database: the refusal then lasts until they are answered, at most 4 s, well within the 8 s a
 * registration whose statement may have run keeps trying (REGISTRATION_RETRY_MS).
 */
async function databaseBlips(whileRefused: () => Promise<void>): Promise<void> {
  await sleep(300);
  for (const until = Date.now() + 1500; Date.now() < until; await sleep(100)) await endAppConnections();
  await server.query(`alter database ${dbName} allow_connections false`);
  try {
    const start = Date.now();
    await endAppConnections();
    let answered = false;
    const arrivals = whileRefused().finally(() => (answered = true));
    const refusing = () => Date.now() - start < 2000 || (!answered && Date.now() - start < 4000);
    for (; refusing(); await sleep(200)) await endAppConnections();
    await server.query(`alter database ${dbName} allow_connections true`);
    await arrivals;
  } finally {
    await server.query(`alter database ${dbName} allow_connections true`);
  }
}

describe.skipIf(!onPostgres)("a registration rush while the database drops and refuses connections", () => {
  it(
    "keeps every answer true: a 201 is stored with exactly one verification e-mail, a 503 stores nothing",
    { timeout: 90_000 },
    async () => {
      const event = await createEvent(t.db, { timeslots: [{ capacity: 5000 }, { capacity: 5000 }] });
      const answers: Array<{
        email: string;
        status: number;
        body: { registrationCode?: string; verificationEmailQueued?: boolean };
      }> = [];
      const register = async () => {
        const body = registrationBody(event.timeslots[answers.length % 2]!.id);
        const res = await t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body });
        answers.push({ email: body.email as string, status: res.statusCode, body: res.json() });
      };
      let blipsOver = false;
      const blips = databaseBlips(() => Promise.all(Array.from({ length: 10 }, register)).then(() => {})).finally(
        () => (blipsOver = true),
      );
      let stopAt = Infinity;
      void blips.then(() => (stopAt = Date.now() + 1000));

      // Closed loop: each client sends its next registration when the last one is answered.
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (Date.now() < stopAt && answers.length < MAX_REQUESTS) await register();
        }),
      );
      await blips;
      expect(blipsOver).toBe(true);

      const accepted = answers.filter((a) => a.status === 201);
      const unavailable = answers.filter((a) => a.status === 503);
      expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
      expect(unavailable.length).toBeGreaterThan(0);
      expect(accepted.length).toBeGreaterThan(0);
      expect(accepted.every((a) => a.body.verificationEmailQueued === true)).toBe(true);

      // Every accepted registration is stored, under the code its visitor was given.
      const stored = await t.db
        .select({ email: modelRegistrations.email, code: modelRegistrations.registrationCode })
        .from(modelRegistrations)
        .where(inArray(modelRegistrations.eventId, [event.id]));
      const codeByEmail = new Map(stored.map((r) => [r.email, r.code]));
      for (const a of accepted) expect(codeByEmail.get(a.email), a.email).toBe(a.body.registrationCode);
      // Nothing is stored, nor queued, for a visitor told 503.
      const unavailableEmails = unavailable.map((a) => a.email);
      expect(unavailableEmails.filter((email) => codeByEmail.has(email))).toEqual([]);
      expect(await t.db.select().from(outboxMessages).where(inArray(outboxMessages.toAddress, unavailableEmails))).toEqual([]);
      expect(stored).toHaveLength(accepted.length);

      // Each accepted visitor gets exactly one verification e-mail, through the real worker and SMTP.
      await smtp.waitForReceived(accepted.length, 60_000);
      const acceptedEmails = accepted.map((a) => a.email);
      const notSent = () =>
        t.db
          .select()
          .from(outboxMessages)
          .where(and(inArray(outboxMessages.toAddress, acceptedEmails), ne(outboxMessages.status, "sent")));
      for (const deadline = Date.now() + 30_000; (await notSent()).length > 0 && Date.now() < deadline;) await sleep(100);
      expect(await notSent()).toEqual([]);
      const queuedForAccepted = await t.db
        .select({ to: outboxMessages.toAddress })
        .from(outboxMessages)
        .where(inArray(outboxMessages.toAddress, acceptedEmails));
      expect(queuedForAccepted).toHaveLength(accepted.length);
      // Several leases go by: a result the worker had dropped would be re-queued and sent again.
      await sleep(2500);
      const received = new Map<string, number>();
      for (const mail of smtp.received) for (const to of mail.to) received.set(to, (received.get(to) ?? 0) + 1);
      expect(accepted.filter((a) => received.get(a.email.toLowerCase()) !== 1)).toEqual([]);
      expect(unavailableEmails.filter((email) => received.has(email.toLowerCase()))).toEqual([]);
    },
  );
});
