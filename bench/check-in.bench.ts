// `npm run bench check-in`: the door of a big casting on PostgreSQL (TEST_DATABASE_URL). 50 staff
// phones (closed-loop clients, over real HTTP from a worker thread) check in 5,000 people, each
// scanned twice (a second phone, a nervous double tap): POST /api/check-ins with the QR code's token.
// Prints check-ins per second and the latency percentiles. Targets (issue 20): ≥ 500/s, p95 ≤ 50 ms.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { todayIso } from "../src/common/dates";
import { seedEvent } from "../scripts/lib/seed";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { accounts, modelRegistrations, users } from "../src/server/db/schema";
import { registrationToken } from "../src/server/lib/registration-links";
import { createTestDatabase } from "../src/server/test/database";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 5_000);
const SCANNERS = 50;

if (!process.env.TEST_DATABASE_URL) {
  console.error("Set TEST_DATABASE_URL=postgres://… : this benchmark measures PostgreSQL.");
  process.exit(1);
}

interface LoadResult {
  seconds: number;
  latencies: number[];
  statuses: Record<number, number>;
}

function load(job: object): Promise<LoadResult> {
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
const ms = (n: number) => `${n.toFixed(1)} ms`;

const testDb = await createTestDatabase("pg");
const { db } = testDb.database;
try {
  const event = await seedEvent(db, {
    seed: 20,
    eventName: "Casting Nacional (puerta)",
    eventDate: todayIso(),
    location: "La Rural, Palermo, CABA",
    slots: [
      { startTime: "00:00", endTime: "11:59", capacity: PEOPLE },
      { startTime: "12:00", endTime: "23:59", capacity: PEOPLE },
    ],
    registrations: PEOPLE,
  });
  await db.execute(sql`analyze`);

  const userId = randomUUID();
  const email = "bench-door@agency.test";
  await db.insert(users).values({ id: userId, name: "Puerta", email, emailVerified: true, role: "member", status: "approved" });
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: await hashPassword("bench-password-123"),
  });

  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "bench-secret-that-is-long-enough-0123456789",
    PUBLIC_URL: "http://localhost:3000",
  });
  const app = await buildApp({ config, database: testDb.database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const signIn = await app.ctx.auth.api.signInEmail({ body: { email, password: "bench-password-123" }, asResponse: true });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const headers = { cookie, origin: config.publicUrl };

  const ids = (await db.select({ id: modelRegistrations.id }).from(modelRegistrations)).map((r) => r.id);
  const body = (id: string) => ({ token: registrationToken(config, "check-in", id), eventId: event.id });
  // Warm-up on a few people, then reset them: the measured run starts from nobody arrived.
  await load({
    port,
    clients: SCANNERS,
    headers,
    requests: ids.slice(0, 200).map((id) => ({ path: "/api/check-ins", body: body(id) })),
  });
  await db.update(modelRegistrations).set({ attended: false, attendedAt: null, checkedInBy: null });

  // Each person scanned twice, the second time by a phone some way down the queue.
  const requests = [...ids, ...ids.slice(PEOPLE / 2), ...ids.slice(0, PEOPLE / 2)].map((id) => ({
    path: "/api/check-ins",
    body: body(id),
  }));
  const started = performance.now();
  const result = await load({ port, clients: SCANNERS, headers, requests });
  const wall = (performance.now() - started) / 1000;
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const arrived = await db.$count(modelRegistrations, sql`${modelRegistrations.attendedAt} is not null`);
  console.log(
    `${SCANNERS} scanners, ${requests.length} check-ins of ${PEOPLE} people (each scanned twice), statuses ${JSON.stringify(result.statuses)}`,
  );
  console.log(
    `  ${(requests.length / wall).toFixed(0)} check-ins/s; p50 ${ms(pct(sorted, 50))}, p95 ${ms(pct(sorted, 95))}, p99 ${ms(pct(sorted, 99))}, max ${ms(sorted.at(-1)!)}`,
  );
  console.log(`  arrivals recorded: ${arrived} (expected ${PEOPLE})  targets: ≥ 500/s, p95 ≤ 50 ms`);
  if (arrived !== PEOPLE) throw new Error(`recorded ${arrived} arrivals for ${PEOPLE} people`);
  await app.close();
} finally {
  await testDb.drop();
}
