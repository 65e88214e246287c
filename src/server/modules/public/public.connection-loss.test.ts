/**
 * A registration whose database connection fails is not an e-mail failure (issue 15, point 3): the
 * statement runs again on a new connection, or the visitor is answered 503 with nothing stored.
 * PostgreSQL only: PGlite runs in the process and has no connection to lose.
 *
 * The registration's statement is made to wait on its slot's lock (held here), its backend is
 * ended meanwhile (pg_terminate_backend, as a failover or an administrator would), then the lock
 * is let go.
 */
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelRegistrations, outboxMessages } from "../../db/schema";
import { createEvent, registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { testDbKind } from "../../test/database";

const onPostgres = testDbKind() === "pg";
const t = useTestApp();
// `admin` watches and ends backends, `locker` holds a slot's lock (in a transaction, where
// pg_stat_activity would not change), `server` (on another database) lets connections in or not.
let admin: pg.Client;
let locker: pg.Client;
let server: pg.Client;
let dbName: string;
let event: Awaited<ReturnType<typeof createEvent>>;

beforeAll(async () => {
  if (!onPostgres) return;
  admin = new pg.Client({ connectionString: t.databaseUrl, application_name: "test-admin" });
  locker = new pg.Client({ connectionString: t.databaseUrl, application_name: "test-admin" });
  server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, application_name: "test-admin" });
  await Promise.all([admin.connect(), locker.connect(), server.connect()]);
  dbName = (await admin.query<{ name: string }>("select current_database() as name")).rows[0]!.name;
  event = await createEvent(t.db, { timeslots: [{ capacity: 100 }] });
});
afterAll(async () => {
  if (!onPostgres) return;
  await Promise.all([admin.end(), locker.end(), server.end()]);
});

/** Holds the slot's row lock, and returns how to let it go. */
async function holdSlot(slotId: string): Promise<{ release(): Promise<void> }> {
  await locker.query("begin");
  await locker.query("select id from event_timeslots where id = $1 for update", [slotId]);
  return { release: async () => void (await locker.query("commit")) };
}

/** Waits for a statement of the app to wait on a lock, and ends that statement's backend. */
async function endTheWaitingBackend(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await admin.query<{ n: number }>(`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and application_name like 'opencall%' and wait_event_type = 'Lock'`);
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no statement waited on the slot's lock");
}

/** No new connection is accepted, and every connection of the app is ended. */
async function refuseConnections(): Promise<void> {
  await server.query(`alter database ${dbName} allow_connections false`);
  await admin.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name like 'opencall%'",
  );
}

async function acceptConnections(): Promise<void> {
  await server.query(`alter database ${dbName} allow_connections true`);
}

async function expectAppConnectsAgain(): Promise<void> {
  await expect
    .poll(async () => (await t.app.inject({ method: "GET", url: "/api/ready" })).statusCode, { timeout: 5000 })
    .toBe(200);
}

async function stored(email: string) {
  const registrations = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email));
  const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email));
  return { registrations: registrations.length, mails: mails.map((m) => m.kind) };
}

describe.skipIf(!onPostgres)("a registration whose database connection fails", () => {
  it("runs its statement once more on a new connection: stored once, with its verification e-mail", async () => {
    const slot = await holdSlot(event.timeslots[0]!.id);
    const body = registrationBody(event.timeslots[0]!.id);
    const answer = Promise.resolve(
      t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body }),
    );
    await endTheWaitingBackend();
    await slot.release();

    const res = await answer;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ verificationEmailQueued: true });
    expect(await stored(body.email as string)).toEqual({ registrations: 1, mails: ["registration_verification"] });
  });

  it("answers 503 at once, storing nothing, when no connection to the database can be had", async () => {
    const body = registrationBody(event.timeslots[0]!.id);
    let res;
    await refuseConnections();
    try {
      const started = performance.now();
      res = await t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body });
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await acceptConnections();
    }
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ error: { code: "service_unavailable" } });
    expect(res.headers["retry-after"]).toBe("1");
    await expectAppConnectsAgain();
    expect(await stored(body.email as string)).toEqual({ registrations: 0, mails: [] });
  });

  it("waits out a short outage when its statement may have run, then answers what the database did", async () => {
    const slot = await holdSlot(event.timeslots[0]!.id);
    const body = registrationBody(event.timeslots[0]!.id);
    const answer = Promise.resolve(
      t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body }),
    );
    try {
      await endTheWaitingBackend();
      await refuseConnections();
      await slot.release();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      await acceptConnections();
    }
    const res = await answer;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ verificationEmailQueued: true });
    expect(await stored(body.email as string)).toEqual({ registrations: 1, mails: ["registration_verification"] });
  });
});
