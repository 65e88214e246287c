/**
 * Registrations per second on PostgreSQL: 500 concurrent clients registering for one event through
 * the real app (HTTP, validation, slot lock, outbox row), beside a bare Fastify + pg endpoint that
 * inserts one row per request, in the same run, on the same server and pool size.
 * Prints throughput, p50/p95/p99 latency and the overbooked slot count (must be 0). The two are
 * measured in turns, RUNS times each (a lone run of either swung by ±30 % on a shared machine), and
 * the ratio is the one of their medians.
 * Needs TEST_DATABASE_URL (a PostgreSQL server; a scratch database is created and dropped).
 * Targets: ≥ 500 registrations/s, ≥ 0.5× the bare endpoint, p95 ≤ 100 ms, zero overbooked.
 */
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Worker } from "node:worker_threads";
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
const OPEN_RATE = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: this benchmark needs a PostgreSQL server. Skipped.");
  process.exit(0);
}

interface LoadJob {
  port: number;
  /** One request per entry: path and JSON body. */
  requests: Array<{ path: string; body: unknown }>;
  clients: number;
  ratePerSecond?: number;
}

interface LoadResult {
  seconds: number;
  latencies: number[];
  statuses: Record<number, number>;
}

/** Runs a load job in a worker thread (its own event loop and, CPUs allowing, its own core). */
function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./support/http-load.mjs", import.meta.url), { workerData: job });
    worker.once("message", (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function describe(name: string, r: LoadResult, counted: number) {
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
  // As main.ts builds it: with the built web app and the public pages' server rendering (issue 21)
  // when `npm run build` has made them.
  const built = existsSync("dist/web/index.html") && existsSync("dist/ssr/entry-server.js");
  const app = await buildApp({
    config,
    database: testDb.database,
    logger: false,
    ...(built ? { webRoot: path.resolve("dist/web"), ssrEntry: path.resolve("dist/ssr/entry-server.js") } : {}),
  });
  console.log(
    built
      ? "the app serves the build, public pages rendered on the server"
      : "no build: the API alone (run `npm run build` for the whole app)",
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const appPort = (app.server.address() as AddressInfo).port;
  const freshEvent = () =>
    createEvent(testDb.database.db, {
      timeslots: Array.from({ length: SLOTS }, (_, i) => ({
        startTime: `${String(9 + i).padStart(2, "0")}:00`,
        endTime: `${String(10 + i).padStart(2, "0")}:00`,
        capacity: CAPACITY,
      })),
    });
  const warmEvent = await createEvent(testDb.database.db, { timeslots: [{ capacity: 10_000 }] });

  // ---- the bare endpoint: Fastify + pg, one insert per request, same pool size
  const pool = new pg.Pool({ connectionString: testDb.url, max: POOL_SIZE });
  pool.on("error", () => {}); // the scratch database is dropped with force at the end
  await pool.query("create table bench_bare (id bigserial primary key, email text not null, payload jsonb not null)");
  const bare = Fastify({ logger: false });
  bare.post("/bare", async (req, reply) => {
    const body = req.body as { email: string };
    await pool.query("insert into bench_bare (email, payload) values ($1, $2)", [body.email, body]);
    return reply.status(201).send({ ok: true });
  });
  await bare.listen({ port: 0, host: "127.0.0.1" });
  const barePort = (bare.server.address() as AddressInfo).port;

  const appRequests = (prefix: string, slots: string[], n: number, offset = 0) =>
    Array.from({ length: n }, (_, i) => ({
      path: `/api/public/events/${prefix}/registrations`,
      body: registrationBody(slots[i % slots.length]!, { email: `bench-${offset + i}@example.com` }),
    }));
  const bareRequests = (n: number, offset = 0) =>
    Array.from({ length: n }, (_, i) => ({
      path: "/bare",
      body: registrationBody(warmEvent.timeslots[0]!.id, { email: `bare-${offset + i}@example.com` }),
    }));

  // Warm both up (JIT, pools, connections) outside the measurement.
  await load({
    port: appPort,
    clients: CLIENTS,
    requests: appRequests(warmEvent.id, [warmEvent.timeslots[0]!.id], 1000, 100_000),
  });
  await load({ port: barePort, clients: CLIENTS, requests: bareRequests(1000, 100_000) });

  console.log(
    `PostgreSQL, ${CLIENTS} concurrent clients (closed loop, client in a worker thread), ${REQUESTS} requests per run, ` +
      `pool ${POOL_SIZE}, one event with ${SLOTS} slots × ${CAPACITY}\n`,
  );
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const bareRates: number[] = [];
  const appRates: number[] = [];
  let event = await freshEvent();
  let appRun: LoadResult | undefined;
  for (let run = 1; run <= RUNS; run++) {
    if (run > 1) event = await freshEvent();
    const bareRun = await load({ port: barePort, clients: CLIENTS, requests: bareRequests(REQUESTS, run * REQUESTS) });
    bareRates.push(describe(`bare Fastify + pg insert (run ${run})`, bareRun, REQUESTS).rate);
    const slotIds = event.timeslots.map((s) => s.id);
    appRun = await load({ port: appPort, clients: CLIENTS, requests: appRequests(event.id, slotIds, REQUESTS, run * REQUESTS) });
    appRates.push(describe(`OpenCall registration (201s, run ${run})`, appRun, appRun.statuses[201] ?? 0).rate);
  }
  const bareStats = { rate: median(bareRates) };
  const appStats = { rate: median(appRates) };
  const created = appRun?.statuses[201] ?? 0;
  console.log(
    `\nmedians of ${RUNS} runs: bare ${Math.round(bareStats.rate)}/s, OpenCall ${Math.round(appStats.rate)}/s ` +
      `(OpenCall runs: ${appRates.map(Math.round).join(", ")}; bare: ${bareRates.map(Math.round).join(", ")})`,
  );

  // Latency at a given offered rate (open loop): with 500 clients always waiting on an answer, the
  // closed-loop latency is just 500 / throughput (Little's law); this is what a visitor waits at 500/s.
  const openEvent = await createEvent(testDb.database.db, {
    timeslots: Array.from({ length: SLOTS }, () => ({ capacity: 10_000 })),
  });
  const openRun = await load({
    port: appPort,
    clients: CLIENTS,
    ratePerSecond: OPEN_RATE,
    requests: appRequests(
      openEvent.id,
      openEvent.timeslots.map((s) => s.id),
      OPEN_RATE * 5,
      200_000,
    ),
  });
  const openStats = describe(`OpenCall at ${OPEN_RATE}/s offered (open loop)`, openRun, openRun.statuses[201] ?? 0);

  // Every slot of every event (warm-up, each run, the open-loop run).
  const overbooked = await testDb.database.db.execute<{ id: string; capacity: number; n: number }>(sql`
    select t.id, t.capacity, count(r.id)::int as n
    from event_timeslots t left join model_registrations r on r.timeslot_id = t.id
    group by t.id, t.capacity
    having count(r.id) > t.capacity`);
  const overbookedRows = (Array.isArray(overbooked) ? overbooked : (overbooked as { rows: unknown[] }).rows).length;
  const outbox = await pool.query<{ n: string }>(
    "select count(*) as n from outbox_messages where kind = 'registration_verification'",
  );

  console.log(
    `\nregistrations created in the last run: ${created} of ${SLOTS * CAPACITY} spots; timeslot_full: ${appRun?.statuses[409] ?? 0}`,
  );
  console.log(`verification e-mails queued (incl. warm-up): ${outbox.rows[0]?.n}`);
  console.log(`overbooked slots: ${overbookedRows}`);
  console.log(`ratio to bare endpoint: ${(appStats.rate / bareStats.rate).toFixed(2)}×`);
  console.log(
    `targets: ≥ 500/s ${appStats.rate >= 500 ? "met" : "NOT MET"}; ≥ 0.5× bare ${appStats.rate >= 0.5 * bareStats.rate ? "met" : "NOT MET"}; ` +
      `p95 ≤ 100 ms at ${OPEN_RATE}/s ${openStats.p95 <= 100 ? "met" : "NOT MET"}; zero overbooked ${overbookedRows === 0 ? "met" : "NOT MET"}`,
  );

  await bare.close();
  await pool.end();
  await app.close();
} finally {
  await testDb.drop();
}
