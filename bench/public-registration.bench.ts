/**
 * Registrations per second on PostgreSQL: 500 concurrent clients registering for one event through
 * the real app (HTTP, validation, slot lock, outbox row), beside a bare Fastify + pg endpoint that
 * inserts one row per request, in the same run, on the same server and pool size.
 * Prints throughput, p50/p95/p99 latency and the overbooked slot count (must be 0).
 * Needs TEST_DATABASE_URL (a PostgreSQL server; a scratch database is created and dropped).
 * Targets: ≥ 500 registrations/s, ≥ 0.5× the bare endpoint, p95 ≤ 100 ms, zero overbooked.
 */
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import pg from "pg";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { createTestDatabase } from "../src/server/test/database";
import { createEvent, registrationBody } from "../src/server/test/factories";
import { testConfig } from "../src/server/test/harness";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const SLOTS = 10;
const CAPACITY = 450; // 4,500 spots for 5,000 requests: the last ones meet full slots
const POOL_SIZE = 20;

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: this benchmark needs a PostgreSQL server. Skipped.");
  process.exit(0);
}

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

function post(port: number, path: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

interface RunResult {
  seconds: number;
  latencies: number[];
  statuses: Record<number, number>;
}

/** `CLIENTS` workers share a queue of `total` requests; each measures its own latencies. */
async function run(total: number, send: (i: number) => Promise<number>): Promise<RunResult> {
  let next = 0;
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const status = await send(i);
        latencies.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies, statuses };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function describe(name: string, r: RunResult, counted: number) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const rate = counted / r.seconds;
  console.log(
    `${name.padEnd(34)} ${String(Math.round(rate)).padStart(6)}/s  ` +
      `p50 ${pct(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${pct(sorted, 95).toFixed(1).padStart(6)} ms  ` +
      `p99 ${pct(sorted, 99).toFixed(1).padStart(6)} ms  (${r.latencies.length} requests in ${r.seconds.toFixed(2)} s; statuses ${JSON.stringify(r.statuses)})`,
  );
  return { rate, p95: pct(sorted, 95) };
}

const testDb = await createTestDatabase("pg");
try {
  // ---- the app
  const config = testConfig({ publicRegistrationRateLimit: 1_000_000, logLevel: "silent" });
  const app = await buildApp({ config, database: testDb.database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const appPort = (app.server.address() as AddressInfo).port;
  const event = await createEvent(testDb.database.db, {
    timeslots: Array.from({ length: SLOTS }, (_, i) => ({
      startTime: `${String(9 + i).padStart(2, "0")}:00`,
      endTime: `${String(10 + i).padStart(2, "0")}:00`,
      capacity: CAPACITY,
    })),
  });
  const warmEvent = await createEvent(testDb.database.db, { timeslots: [{ capacity: 10_000 }] });
  const url = `/api/public/events/${event.id}/registrations`;
  const bodies = Array.from({ length: REQUESTS }, (_, i) => registrationBody(event.timeslots[i % SLOTS]!.id, { email: `bench-${i}@example.com` }));

  // ---- the bare endpoint: Fastify + pg, one insert per request, same pool size
  const pool = new pg.Pool({ connectionString: testDb.url, max: POOL_SIZE });
  await pool.query("create table bench_bare (id bigserial primary key, email text not null, payload jsonb not null)");
  const bare = Fastify({ logger: false });
  bare.post("/bare", async (req, reply) => {
    const body = req.body as { email: string };
    await pool.query("insert into bench_bare (email, payload) values ($1, $2)", [body.email, body]);
    return reply.status(201).send({ ok: true });
  });
  await bare.listen({ port: 0, host: "127.0.0.1" });
  const barePort = (bare.server.address() as AddressInfo).port;

  // Warm both up (JIT, pools, connections) outside the measurement.
  await run(1000, (i) => post(appPort, `/api/public/events/${warmEvent.id}/registrations`, registrationBody(warmEvent.timeslots[0]!.id, { email: `warm-${i}@example.com` })));
  await run(1000, (i) => post(barePort, "/bare", bodies[i]));

  console.log(`PostgreSQL, ${CLIENTS} concurrent clients, ${REQUESTS} requests each run, pool ${POOL_SIZE}, one process (client and servers share the CPU)\n`);
  const bareResult = run(REQUESTS, (i) => post(barePort, "/bare", bodies[i]));
  const bareStats = describe("bare Fastify + pg insert", await bareResult, REQUESTS);
  const appRun = await run(REQUESTS, (i) => post(appPort, url, bodies[i]));
  const created = appRun.statuses[201] ?? 0;
  const appStats = describe("OpenCall registration (201s)", appRun, created);
  const answered = REQUESTS / appRun.seconds;
  console.log(`${"OpenCall, all answers (201 + 409)".padEnd(34)} ${String(Math.round(answered)).padStart(6)}/s`);

  const overbooked = await testDb.database.db.execute<{ id: string; capacity: number; n: number }>(sql`
    select t.id, t.capacity, count(r.id)::int as n
    from event_timeslots t left join model_registrations r on r.timeslot_id = t.id
    where t.event_id = ${event.id}
    group by t.id, t.capacity
    having count(r.id) > t.capacity`);
  const overbookedRows = (Array.isArray(overbooked) ? overbooked : (overbooked as { rows: unknown[] }).rows).length;
  const outbox = await pool.query<{ n: string }>("select count(*) as n from outbox_messages where kind = 'registration_verification'");

  console.log(`\nregistrations created: ${created} of ${SLOTS * CAPACITY} spots; timeslot_full: ${appRun.statuses[409] ?? 0}`);
  console.log(`verification e-mails queued (incl. warm-up): ${outbox.rows[0]?.n}`);
  console.log(`overbooked slots: ${overbookedRows}`);
  console.log(`ratio to bare endpoint: ${(appStats.rate / bareStats.rate).toFixed(2)}×`);
  console.log(
    `targets: ≥ 500/s ${appStats.rate >= 500 ? "met" : "NOT MET"}; ≥ 0.5× bare ${appStats.rate >= 0.5 * bareStats.rate ? "met" : "NOT MET"}; ` +
      `p95 ≤ 100 ms ${appStats.p95 <= 100 ? "met" : "NOT MET"}; zero overbooked ${overbookedRows === 0 ? "met" : "NOT MET"}`,
  );

  await bare.close();
  await pool.end();
  await app.close();
} finally {
  agent.destroy();
  await testDb.drop();
}
