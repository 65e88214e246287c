// `npm run bench insights`: 100,000 registrations in one event on PostgreSQL (TEST_DATABASE_URL).
// Prints p50/p95 of the event's insights reply (GET /api/events/:id/insights) and of the events'
// side by side (GET /api/insights/events). Target (issue 38): the event's reply p95 ≤ 300 ms.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { seedEvent } from "../scripts/lib/seed";
import { buildApp } from "../src/server/app";
import { accounts, users } from "../src/server/db/schema";
import { loadConfig } from "../src/server/config";
import { createTestDatabase } from "../src/server/test/database";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const TARGET_MS = 300;

if (!process.env.TEST_DATABASE_URL) {
  console.error("Set TEST_DATABASE_URL=postgres://… : this benchmark measures PostgreSQL.");
  process.exit(1);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const testDb = await createTestDatabase("pg");
const { db } = testDb.database;
try {
  const started = performance.now();
  const event = await seedEvent(db, {
    seed: 38,
    eventName: "Casting Nacional 2026",
    eventDate: "2026-06-06",
    location: "La Rural, Palermo, CABA",
    slots: [
      { startTime: "09:00", endTime: "13:00", capacity: ROWS },
      { startTime: "14:00", endTime: "18:00", capacity: ROWS },
    ],
    registrations: ROWS,
  });
  await seedEvent(db, {
    seed: 7,
    eventName: "Casting Rosario",
    eventDate: "2026-07-01",
    location: "Rosario",
    slots: [{ startTime: "10:00", endTime: "12:00", capacity: 500 }],
    registrations: 500,
  });
  // Sources, stages (with their history), arrivals at the door: what the figures read.
  await db.execute(sql`update model_registrations set
      source = (array['historia-ig', 'whatsapp', 'afiche-escuela', 'tiktok', null])[1 + (hashtext(id::text) & 4)],
      stage = (array['new', 'new', 'new', 'shortlisted', 'callback', 'signed', 'discarded'])[1 + abs(hashtext(id::text || 's')) % 7],
      attended_at = case when attended then '2026-06-06 12:00:00+00'::timestamptz + (abs(hashtext(id::text)) % 480) * interval '1 minute' end
    where event_id = ${event.id}`);
  await db.execute(sql`insert into registration_stage_changes (registration_id, from_stage, to_stage)
    select id, 'new', 'shortlisted' from model_registrations where event_id = ${event.id} and stage in ('callback', 'signed', 'discarded')`);
  // What the stage moves above would have left: the furthest stage each reached (a discarded one was shortlisted).
  await db.execute(sql`update model_registrations set
      funnel_reached = case stage when 'callback' then 2 when 'signed' then 3 when 'new' then 0 else 1 end
    where event_id = ${event.id}`);
  // As autovacuum leaves a table at rest: visibility map and statistics up to date.
  await db.execute(sql`vacuum analyze`);
  console.log(`seeded ${ROWS} registrations in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const userId = randomUUID();
  const email = "bench-viewer@agency.test";
  await db.insert(users).values({ id: userId, name: "Bench", email, emailVerified: true, role: "viewer", status: "approved" });
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: await hashPassword("bench-password-123"),
  });
  const config = loadConfig({
    DATABASE_URL: testDb.url,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "bench-secret-that-is-long-enough-0123456789",
    PUBLIC_URL: "http://localhost:3000",
  });
  const app = await buildApp({ config, database: testDb.database, logger: false });
  await app.ready();
  const signIn = await app.ctx.auth.api.signInEmail({ body: { email, password: "bench-password-123" }, asResponse: true });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  async function measure(label: string, url: string, target?: number) {
    for (let i = 0; i < 5; i++) await app.inject({ method: "GET", url, headers: { cookie } });
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: "GET", url, headers: { cookie } });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const verdict = target === undefined ? "" : ` (target ≤ ${target} ms: ${p95 <= target ? "met" : "MISSED"})`;
    console.log(`${label}: p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}${verdict}`);
  }

  const figures = (await app.inject({ method: "GET", url: `/api/events/${event.id}/insights`, headers: { cookie } })).json<{
    funnel: { registered: number };
  }>();
  if (figures.funnel.registered !== ROWS) throw new Error(`counted ${figures.funnel.registered}, seeded ${ROWS}`);
  await measure(`GET /api/events/:id/insights at ${ROWS} registrations`, `/api/events/${event.id}/insights`, TARGET_MS);
  await measure("GET /api/insights/events (both events)", "/api/insights/events");
  await app.close();
} finally {
  if (process.env.BENCH_KEEP) console.log(`kept the database: ${testDb.url}`);
  else await testDb.drop();
}
