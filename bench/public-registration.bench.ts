/**
 * `npm run bench -- public-registration` (issue 34): registrations per second through the real app
 * (HTTP, validation, the e-mail rendered, the registration's statement), beside two references in
 * the same run, on the same database and pool size (bench/support/hand-written-registration.ts):
 *   - the registration's own transaction written by hand in a bare Fastify endpoint (the same
 *     statement's work: the slot locked and its room read, every column, the verification e-mail's
 *     outbox row of the same size, the waiting-list check and the slot's count by the triggers);
 *   - a bare Fastify endpoint inserting one row (the reference of ADR 007 to ADR 010, for the history).
 * On PostgreSQL (TEST_DATABASE_URL; a scratch database, dropped) and on PGlite (the embedded
 * default), each in its own section. The three are measured in turns, RUNS times each, closed loop
 * (CLIENTS clients); the ratios are those of the medians. Then the app alone at OPEN_RATE/s offered
 * in open loop (what a visitor waits), and the overbooked slots (must be 0).
 * Each section ends with the two lines `ratio to the hand-written transaction: 0.NN×` and
 * `ratio to the bare insert: 0.NN×`. BENCH_PROFILE=1 prints a CPU profile of the app's thread by
 * layer during one more closed-loop run, not counted. BENCH_ONLY=pg|pglite runs one section.
 * Targets: ≥ 0.7× the hand-written transaction, p95 ≤ 100 ms at 250/s, zero overbooked (PostgreSQL);
 * ≥ 0.7× on PGlite too.
 */
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/server/db/client";
import { RAW_COLUMNS as MAIL_COLUMNS } from "../src/server/mail/outbox";
import { INSERTED } from "../src/server/modules/public/public.repository";
import { createTestDatabase, type TestDbKind } from "../src/server/test/database";
import { startThreadCpuMeter } from "./support/cpu-meter";
import { startCpuProfile } from "./support/cpu-profile";
import {
  OUTBOX_COLUMNS,
  REGISTRATION_COLUMNS,
  startReferences,
  type MailSample,
  type Run,
} from "./support/hand-written-registration";
import {
  appRequests,
  capacityFor,
  CLIENTS,
  registrationRequests,
  REQUESTS,
  SLOTS,
  slotsEvent,
  startRegistrationApp,
  type SlotsEvent,
} from "./support/registration-app";
import { describe, load, median, type LoadJob, type LoadResult } from "./support/registration-load";

interface Cpu {
  appMs: number;
  dbMs: number;
}

const POOL_SIZE = 20;
const OPEN_RATE = Number(process.env.BENCH_OPEN_RATE ?? 250);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PROFILE = process.env.BENCH_PROFILE === "1";

/** The reference's columns are the app's (a column added to the app must be added to the reference). */
function checkColumns() {
  const same = (a: string[], b: string[]) => a.join(",") === b.join(",");
  const app = INSERTED.map((c) => c.column);
  const reference = REGISTRATION_COLUMNS.map((c) => c.column);
  const outbox = OUTBOX_COLUMNS.map((c) => c.column);
  if (!same(app, reference) || !same(MAIL_COLUMNS, outbox))
    throw new Error(
      `The hand-written reference's columns differ from the app's registration statement: update bench/support/hand-written-registration.ts.\n` +
        `app: ${app.join(", ")} / ${MAIL_COLUMNS.join(", ")}\nreference: ${reference.join(", ")} / ${outbox.join(", ")}`,
    );
}

/** The references' way to the database: pg's pool (prepared by name, same size as the app's) or the app's own PGlite. */
function referenceRunner(kind: TestDbKind, url: string | undefined, client: unknown): { run: Run; end: () => Promise<void> } {
  if (kind === "pglite") {
    const lite = client as PGlite;
    return { run: (s) => lite.query(s.text, s.values), end: async () => {} };
  }
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  pool.on("error", () => {}); // the scratch database is dropped with force at the end
  return { run: (s) => (s.name ? pool.query(s) : pool.query(s.text)), end: () => pool.end() };
}

async function section(kind: TestDbKind) {
  const requests = REQUESTS[kind];
  const capacity = capacityFor(requests);
  const testDb = await createTestDatabase(kind);
  try {
    const { db } = testDb.database;
    const { app, port: appPort, built } = await startRegistrationApp(testDb.database);
    const runner = referenceRunner(kind, testDb.url, (db as unknown as { $client: unknown }).$client);
    const mail: { sample?: MailSample } = {};
    const references = await startReferences(runner.run, () => mail.sample!);

    const handRequests = (event: SlotsEvent, n: number, offset: number) =>
      registrationRequests("/hand-written", event, n, offset);
    const bareRequests = (event: SlotsEvent, n: number, offset: number) =>
      registrationRequests("/bare", event, n, offset).map((r) => ({ ...r, path: "/bare" }));

    // Warm all three up (JIT, pools, prepared statements) outside the measurement; the app's
    // verification e-mails give the reference its e-mail's subject and bodies.
    const warm = await slotsEvent(db, 100_000);
    await load({ port: appPort, clients: CLIENTS, requests: appRequests(warm, 1000, 1_000_000) });
    const [sample] = rowsOf<MailSample>(
      await db.execute(sql`select subject, text_body as "textBody", html_body as "htmlBody"
        from outbox_messages where kind = 'registration_verification' limit 1`),
    );
    if (!sample) throw new Error("the app's warm-up queued no verification e-mail");
    mail.sample = sample;
    await load({ port: references.port, clients: CLIENTS, requests: handRequests(warm, 1000, 2_000_000) });
    await load({ port: references.port, clients: CLIENTS, requests: bareRequests(warm, 1000, 3_000_000) });

    console.log(
      `\n--- ${kind === "pg" ? "PostgreSQL" : "PGlite"}: ${CLIENTS} concurrent clients (closed loop, client in a worker thread), ` +
        `${requests} requests per run, ${kind === "pg" ? `pool ${POOL_SIZE}` : "one connection"}, ` +
        `each run a new event of ${SLOTS} slots × ${capacity}; ${built ? "the app serves the build" : "no build: the API alone"}\n` +
        `    verification e-mail: subject ${sample.subject.length}, text ${sample.textBody.length}, html ${sample.htmlBody.length} characters\n`,
    );
    const rates = { app: [] as number[], hand: [] as number[], bare: [] as number[] };
    const cpu = { app: [] as Cpu[], hand: [] as Cpu[], bare: [] as Cpu[] };
    /** One measured load: its line, its rate and its CPU per counted answer (201s but for the bare insert). */
    const measure = async (line: keyof typeof rates, name: string, port: number, requests: LoadJob["requests"]) => {
      const meter = await startThreadCpuMeter(kind === "pg" ? db : undefined);
      const result = await load({ port, clients: CLIENTS, requests });
      const used = await meter.stop();
      const counted = line === "bare" ? requests.length : (result.statuses[201] ?? 0);
      rates[line].push(describe(name, result, counted).rate);
      cpu[line].push({ appMs: used.appMs / counted, dbMs: used.dbMs / counted });
      return result;
    };
    let appRun: LoadResult | undefined;
    for (let run = 1; run <= RUNS; run++) {
      const offset = run * 10 * requests;
      await measure(
        "bare",
        `bare Fastify + ${kind === "pg" ? "pg" : "PGlite"} insert (run ${run})`,
        references.port,
        bareRequests(warm, requests, offset),
      );
      const handEvent = await slotsEvent(db, capacity);
      await measure(
        "hand",
        `hand-written transaction (201s, run ${run})`,
        references.port,
        handRequests(handEvent, requests, offset + requests),
      );
      const appEvent = await slotsEvent(db, capacity);
      appRun = await measure(
        "app",
        `OpenCall registration (201s, run ${run})`,
        appPort,
        appRequests(appEvent, requests, offset + 2 * requests),
      );
    }
    if (PROFILE) {
      // One more run of the app, profiled, not counted (the sampling slows it).
      const profile = await startCpuProfile();
      const profiled = await load({
        port: appPort,
        clients: CLIENTS,
        requests: appRequests(await slotsEvent(db, capacity), requests, 4_000_000),
      });
      describe("OpenCall registration, profiled (not counted)", profiled, profiled.statuses[201] ?? 0);
      await profile.stop(24, true);
    }
    const app50 = median(rates.app);
    const hand50 = median(rates.hand);
    const bare50 = median(rates.bare);
    console.log(
      `\nmedians of ${RUNS} runs: OpenCall ${Math.round(app50)}/s, hand-written ${Math.round(hand50)}/s, bare ${Math.round(bare50)}/s ` +
        `(OpenCall: ${rates.app.map(Math.round).join(", ")}; hand-written: ${rates.hand.map(Math.round).join(", ")}; bare: ${rates.bare.map(Math.round).join(", ")})`,
    );
    const cpuLine = (samples: Cpu[]) => {
      const app = median(samples.map((c) => c.appMs));
      const database = median(samples.map((c) => c.dbMs));
      return {
        app,
        total: app + database,
        text: `app's thread ${app.toFixed(2)} ms${kind === "pg" ? ` + PostgreSQL ${database.toFixed(2)} ms` : " (PGlite's engine in it)"}`,
      };
    };
    const [appCpu, handCpu, bareCpu] = [cpuLine(cpu.app), cpuLine(cpu.hand), cpuLine(cpu.bare)];
    console.log(
      `CPU per registration (medians; steadier than the rates on a busy machine): OpenCall ${appCpu.text}; ` +
        `hand-written ${handCpu.text}; bare insert ${bareCpu.text}; ` +
        `hand-written's CPU / OpenCall's: ${(handCpu.total / appCpu.total).toFixed(2)}×`,
    );

    // Latency at a given offered rate (open loop): closed loop, the latency is just clients / throughput.
    const openEvent = await slotsEvent(db, 100_000);
    const openRun = await load({
      port: appPort,
      clients: CLIENTS,
      ratePerSecond: OPEN_RATE,
      requests: appRequests(openEvent, OPEN_RATE * 5, 5_000_000),
    });
    const open = describe(`OpenCall at ${OPEN_RATE}/s offered (open loop)`, openRun, openRun.statuses[201] ?? 0);

    // Every slot of every event (warm-up, each run of both writers, the open-loop run).
    const overbooked = rowsOf(
      await db.execute(sql`
        select t.id from event_timeslots t left join model_registrations r on r.timeslot_id = t.id
        group by t.id, t.capacity having count(r.id) > t.capacity`),
    ).length;
    console.log(
      `\nregistrations created in OpenCall's last run: ${appRun?.statuses[201] ?? 0} of ${SLOTS * capacity} spots; ` +
        `timeslot_full: ${appRun?.statuses[409] ?? 0}`,
    );
    console.log(`overbooked slots: ${overbooked}`);
    console.log(
      `targets: ≥ 0.7× hand-written ${app50 >= 0.7 * hand50 ? "met" : "NOT MET"}; ` +
        // The latency target is PostgreSQL's (issue 34); PGlite's p95 is printed above for information.
        (kind === "pg" ? `p95 ≤ 100 ms at ${OPEN_RATE}/s ${open.p95 <= 100 ? "met" : "NOT MET"}; ` : "") +
        `zero overbooked ${overbooked === 0 ? "met" : "NOT MET"}`,
    );
    console.log(`ratio to the hand-written transaction: ${(app50 / hand50).toFixed(2)}×`);
    console.log(`ratio to the bare insert: ${(app50 / bare50).toFixed(2)}×`);

    await references.close();
    await runner.end();
    await app.close();
  } finally {
    await testDb.drop();
  }
}

checkColumns();
const only = process.env.BENCH_ONLY;
if (!only || only === "pg") {
  if (process.env.TEST_DATABASE_URL) await section("pg");
  else console.log("\n--- PostgreSQL: TEST_DATABASE_URL is not set: skipped (the PGlite section follows).");
}
if (!only || only === "pglite") await section("pglite");
