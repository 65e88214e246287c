/**
 * The casting day's line (issue 35) at a venue's scale: 1,000 phones streaming their place
 * (GET /api/public/queue/stream) through HAProxy from two app processes on one PostgreSQL, while a
 * room calls the next 5 every 10 s, and one app process is restarted midway (a deployment). Prints:
 * - p95 (and p50, max) from a call being sent to each phone's message showing it, for the calls
 *   outside the restart, and for those around it (phones reconnecting then);
 * - the app processes' memory per open stream (resident size with the streams open, minus before);
 * - phones whose last message is not the line's final state (missed an update): must be 0.
 * Needs TEST_DATABASE_URL (the local PostgreSQL) and Debian's haproxy; skipped otherwise.
 */
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../src/server/db/client";
import { modelRegistrations, scoutingEvents } from "../src/server/db/schema";
import { registrationToken } from "../src/server/lib/registration-links";
import { haproxyAvailable, startCluster } from "../src/server/test/cluster";
import { createEvent, createUser, TEST_PASSWORD } from "../src/server/test/factories";
import { todayIso } from "../src/common/dates";
import type { QueuePlace } from "../src/common/schemas/queue";
import { openPhones } from "./support/sse-phones";

const PHONES = Number(process.env.BENCH_PHONES ?? 1000);
const CALLS = Number(process.env.BENCH_CALLS ?? 8);
const CALL_EVERY_MS = Number(process.env.BENCH_CALL_EVERY_MS ?? 10_000);
const PER_CALL = 5;
/** The call after which app process 1 is restarted. */
const RESTART_AFTER_CALL = Math.floor(CALLS / 2);

if (!process.env.TEST_DATABASE_URL || !haproxyAvailable()) {
  console.log("This benchmark needs TEST_DATABASE_URL (a PostgreSQL server) and haproxy (apt-get install -y haproxy). Skipped.");
  process.exit(0);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in bytes (/proc/<pid>/status VmRSS). */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

const cluster = await startCluster({ appProcesses: 2, serverUrl: process.env.TEST_DATABASE_URL });
const database = await openDatabase({ url: cluster.databaseUrl, poolSize: 2 });
try {
  // The day: PHONES people checked in (the trigger numbers them 1…PHONES), an admin in a room.
  const event = await createEvent(database.db, {
    eventDate: todayIso(),
    timeslots: [{ startTime: "00:00", endTime: "23:59", capacity: PHONES + 10 }],
  });
  const slot = event.timeslots[0]!.id;
  const ids = rowsOf<{ id: string }>(
    await database.db.execute(sql`
      insert into model_registrations (event_id, timeslot_id, full_name, date_of_birth, age, location, email, phone_number,
        height, registration_code, status, email_verified)
      select ${event.id}, ${slot}, 'Persona ' || n, '2000-01-01', 26, 'CABA', 'bench-' || n || '@example.com', '11' || lpad(n::text, 8, '0'),
        170, 'B' || lpad(n::text, 6, '0'), 'confirmed', true
      from generate_series(1, ${PHONES}) n
      returning id`),
  ).map((r) => r.id);
  await database.db
    .update(modelRegistrations)
    .set({ attended: true, attendedAt: new Date() })
    .where(eq(modelRegistrations.eventId, event.id));

  const admin = await createUser(database.db, { role: "admin", status: "approved", email: "room@example.com" });
  const signIn = await fetch(`${cluster.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://localhost:${cluster.port}` },
    body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const call = async () => {
    const res = await fetch(`${cluster.url}/api/events/${event.id}/queue/call`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://localhost:${cluster.port}`, cookie },
      body: JSON.stringify({ count: PER_CALL, room: "Sala 1" }),
    });
    if (!res.ok) throw new Error(`call: ${res.status} ${await res.text()}`);
  };
  const version = async () =>
    (await database.db.select({ v: scoutingEvents.queueVersion }).from(scoutingEvents).where(eq(scoutingEvents.id, event.id)))[0]!
      .v;

  const memoryBefore = cluster.pids.apps.map(rss);
  const tokens = ids.map((id) => registrationToken({ authSecret: cluster.authSecret }, "manage", id));
  const phones = openPhones(
    cluster.port,
    tokens.map((t) => `/api/public/queue/stream?t=${t}`),
  );
  const connectStart = Date.now();
  await phones.firstMessages();
  const connectSeconds = (Date.now() - connectStart) / 1000;
  await sleep(2000);
  const memoryAfter = cluster.pids.apps.map(rss);
  const perStream = (memoryAfter.reduce((a, b) => a + b, 0) - memoryBefore.reduce((a, b) => a + b, 0)) / PHONES;

  const steady: number[] = [];
  const around: number[] = [];
  let restart: Promise<void> | undefined;
  let restartSeconds = 0;
  for (let k = 1; k <= CALLS; k++) {
    const before = await version();
    const sentAt = performance.now();
    await call();
    const reached = await phones.reached(before, sentAt, CALL_EVERY_MS - 500);
    const aroundRestart = restart !== undefined && k <= RESTART_AFTER_CALL + 2;
    (aroundRestart ? around : steady).push(...reached.latencies);
    if (reached.missing > 0)
      console.log(`   call ${k}: ${reached.missing} phones had not seen it after ${CALL_EVERY_MS - 500} ms`);
    if (k === RESTART_AFTER_CALL) {
      const started = Date.now();
      restart = cluster.restartApp(0).then(() => {
        restartSeconds = (Date.now() - started) / 1000;
      });
    }
    await sleep(Math.max(0, CALL_EVERY_MS - (performance.now() - sentAt)));
  }
  await restart;
  await sleep(3000);

  // Each phone's last message against the line as the database holds it.
  const final = await version();
  const line = rowsOf<{ registrationId: string; number: number; state: string; room: string | null; ahead: number | null }>(
    await database.db.execute(sql`
      select registration_id as "registrationId", number, state, room,
        case when state = 'waiting' then (count(*) filter (where state = 'waiting') over (order by queued_at, number) - 1)::int end as ahead
      from queue_entries where event_id = ${event.id}`),
  );
  const expected = new Map(line.map((entry) => [entry.registrationId, entry]));
  let missed = 0;
  phones.last().forEach((place: QueuePlace | undefined, i) => {
    const want = expected.get(ids[i]!);
    if (
      !place ||
      !want ||
      place.version !== final ||
      place.number !== want.number ||
      place.state !== want.state ||
      place.ahead !== want.ahead
    )
      missed++;
  });

  const show = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${label}: p50 ${pct(sorted, 50).toFixed(0)} ms  p95 ${pct(sorted, 95).toFixed(0)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms  ` +
        `(${sorted.length} phone messages)`,
    );
  };
  console.log(
    `${PHONES} phones through HAProxy to 2 app processes; connected and first place shown in ${connectSeconds.toFixed(1)} s`,
  );
  show(`call → phone, steady (target p95 ≤ 1,000 ms)`, steady);
  show(`call → phone, the calls around the restart of app 1 (restarted in ${restartSeconds.toFixed(1)} s)`, around);
  console.log(`memory per open stream: ${(perStream / 1024).toFixed(1)} KiB (app processes' resident size, ${PHONES} streams)`);
  console.log(
    `reconnections: ${phones.reconnections()}; phones whose last message is not the final line (version ${final}): ${missed}`,
  );
  phones.close();
} finally {
  await database.close();
  await cluster.stop();
}
