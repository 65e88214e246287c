/**
 * `npm run bench -- webhooks` (issue 37): two figures per database, each database its own section
 * (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set; BENCH_ONLY=pg|pglite runs one).
 *
 * 1. Deliveries per second: one endpoint subscribed to registration.created at a local receiver in
 *    its own process (bench/support/webhook-sink.mjs, answering 204), BENCH_DELIVERIES pending
 *    deliveries about as many registrations, drained by one `runOnce()` of a sender as main.ts makes
 *    it (its default batch and concurrency): each payload read as the endpoint may see it, signed,
 *    POSTed and recorded. After a warm-up of 200, one round (BENCH_DELIVERY_ROUNDS for more, then the
 *    median); every round must reach the receiver exactly once per delivery (its webhook-ids are
 *    the database's), else the bench fails. And the sender's process's peak memory.
 * 2. The extra cost per registration of one subscribed endpoint: the public registration load of
 *    bench/public-registration.bench.ts's OpenCall line (bench/support/registration-app.ts), with no
 *    endpoint and with one enabled endpoint subscribed to registration.created (the registration's
 *    statement then also writes the delivery row; no sender runs, so this is the registration path
 *    alone), BENCH_RUNS runs of each in turns, the medians compared. Target: ≥ 0.9×.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../src/server/db/client";
import { webhookEndpoints } from "../src/server/db/schema";
import { createTestDatabase, type TestDatabase, type TestDbKind } from "../src/server/test/database";
import { createUser } from "../src/server/test/factories";
import { startThreadCpuMeter } from "./support/cpu-meter";
import { appRequests, capacityFor, CLIENTS, REQUESTS, SLOTS, slotsEvent, startRegistrationApp } from "./support/registration-app";
import { describe, load, median } from "./support/registration-load";
import { measureDeliveries, startWebhookSink, subscribe, type WebhookSink } from "./support/webhook-deliveries";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 0.9;

interface Turn {
  rate: number;
  /** CPU per registration: the app's thread (PGlite's engine in it) and PostgreSQL's backends. */
  appMs: number;
  dbMs: number;
}

/** Delivery rows written for the registrations of one event (the statement's CTE wrote them, or not). */
async function deliveriesFor(db: Db, eventId: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from webhook_deliveries d
      join model_registrations r on r.id = d.subject_id where r.event_id = ${eventId}`),
  );
  return Number(row?.n ?? 0);
}

/** Registrations per second with no endpoint and with one subscribed, measured in turns. */
async function registrationCost(testDb: TestDatabase, kind: TestDbKind, sink: WebhookSink, makerId: string) {
  const { db } = testDb.database;
  const requests = REQUESTS[kind];
  const capacity = capacityFor(requests);
  await db.delete(webhookEndpoints); // the first figure's endpoint (and, by cascade, its deliveries)
  const { app, port, built } = await startRegistrationApp(testDb.database);
  try {
    // Warm-up of both paths (JIT, pool, prepared statements), not counted.
    const warm = await slotsEvent(db, 100_000);
    await load({ port, clients: CLIENTS, requests: appRequests(warm, 1000, 1_000_000) });
    const warmEndpoint = await subscribe(db, sink.url, makerId);
    await load({ port, clients: CLIENTS, requests: appRequests(warm, 1000, 2_000_000) });
    await db.delete(webhookEndpoints).where(sql`${webhookEndpoints.id} = ${warmEndpoint}`);

    console.log(
      `\n  Registration throughput, no endpoint vs one subscribed to registration.created (no sender running): ` +
        `${CLIENTS} clients, closed loop, ${requests} requests per run, each run a new event of ${SLOTS} slots × ${capacity}; ` +
        `${RUNS} runs of each in turns; ${built ? "the app serves the build" : "no build: the API alone"}`,
    );
    const turns = { none: [] as Turn[], one: [] as Turn[] };
    for (let run = 1; run <= RUNS; run++) {
      // Alternate which goes first, so a drift of the machine's load weighs on both alike.
      const order: Array<keyof typeof turns> = run % 2 === 1 ? ["none", "one"] : ["one", "none"];
      for (const condition of order) {
        const endpoint = condition === "one" ? await subscribe(db, sink.url, makerId) : undefined;
        const event = await slotsEvent(db, capacity);
        const meter = await startThreadCpuMeter(kind === "pg" ? db : undefined);
        const result = await load({ port, clients: CLIENTS, requests: appRequests(event, requests, run * 10 * requests) });
        const used = await meter.stop();
        const created = result.statuses[201] ?? 0;
        const label = condition === "one" ? "one endpoint subscribed" : "no endpoint";
        const { rate } = describe(`  ${label} (201s, run ${run})`, result, created);
        turns[condition].push({ rate, appMs: used.appMs / created, dbMs: used.dbMs / created });
        // The statement wrote one delivery per registration with the endpoint, none without.
        const recorded = await deliveriesFor(db, event.id);
        const expected = endpoint ? created : 0;
        if (recorded !== expected)
          throw new Error(`${label}: ${recorded} delivery rows for ${created} registrations (expected ${expected})`);
        if (endpoint) await db.delete(webhookEndpoints).where(sql`${webhookEndpoints.id} = ${endpoint}`);
      }
    }
    const none = median(turns.none.map((t) => t.rate));
    const one = median(turns.one.map((t) => t.rate));
    const cpu = (list: Turn[]) => median(list.map((t) => t.appMs + t.dbMs));
    const cpuText = (list: Turn[]) =>
      `${median(list.map((t) => t.appMs)).toFixed(2)} ms app's thread` +
      (kind === "pg" ? ` + ${median(list.map((t) => t.dbMs)).toFixed(2)} ms PostgreSQL` : " (PGlite's engine in it)");
    console.log(
      [
        `  medians of ${RUNS} runs: no endpoint ${Math.round(none)}/s, one endpoint subscribed ${Math.round(one)}/s ` +
          `(no endpoint: ${turns.none.map((t) => Math.round(t.rate)).join(", ")}; one: ${turns.one.map((t) => Math.round(t.rate)).join(", ")})`,
        `  CPU per registration (medians; steadier than the rates on a busy machine): no endpoint ${cpuText(turns.none)}; ` +
          `one endpoint ${cpuText(turns.one)}; extra ${(cpu(turns.one) - cpu(turns.none)).toFixed(2)} ms (${((cpu(turns.one) / cpu(turns.none) - 1) * 100).toFixed(0)}%)`,
        `  registration throughput with one endpoint / without: ${(one / none).toFixed(2)}× ` +
          `(target ≥ ${TARGET}×: ${one >= TARGET * none ? "met" : "NOT MET"})`,
      ].join("\n"),
    );
  } finally {
    await app.close();
  }
}

async function section(kind: TestDbKind) {
  const testDb = await createTestDatabase(kind);
  const sink = await startWebhookSink();
  try {
    console.log(`\n--- ${kind === "pg" ? "PostgreSQL (pool 20)" : "PGlite (one connection)"}`);
    const maker = await createUser(testDb.database.db, { role: "admin" });
    await measureDeliveries(testDb.database.db, kind, sink, maker.id);
    await registrationCost(testDb, kind, sink, maker.id);
  } finally {
    await sink.close();
    await testDb.drop();
  }
}

const only = process.env.BENCH_ONLY;
if (!only || only === "pglite") await section("pglite");
if (!only || only === "pg") {
  if (process.env.TEST_DATABASE_URL) await section("pg");
  else console.log("\n--- PostgreSQL: TEST_DATABASE_URL is not set: skipped.");
}
