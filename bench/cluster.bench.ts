/**
 * Registrations per second through HAProxy with one and with two app processes on one PostgreSQL,
 * in the same run, with the CPU each component used during the measurement (read from
 * /proc/<pid>/stat): the proxy, each app process, PostgreSQL's backends for the bench's database,
 * and the load generator (this process, whose worker thread sends the requests).
 * Needs TEST_DATABASE_URL (the local PostgreSQL) and Debian's haproxy; skipped otherwise.
 */
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../src/server/db/client";
import { haproxyAvailable, startCluster } from "../src/server/test/cluster";
import { createEvent, registrationBody } from "../src/server/test/factories";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const WARMUP = 500;
const TICKS_PER_SECOND = 100; // Linux USER_HZ

if (!process.env.TEST_DATABASE_URL || !haproxyAvailable()) {
  console.log("This benchmark needs TEST_DATABASE_URL (a PostgreSQL server) and haproxy (apt-get install -y haproxy). Skipped.");
  process.exit(0);
}

interface LoadResult {
  seconds: number;
  latencies: number[];
  statuses: Record<number, number>;
}

function load(port: number, requests: Array<{ path: string; body: unknown }>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./support/http-load.mjs", import.meta.url), {
      workerData: { port, clients: CLIENTS, requests },
    });
    worker.once("message", (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function cpuSeconds(pid: number | "self"): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After the command: state is field 3 of stat(5), so utime (14) and stime (15) are at 11 and 12.
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The machine's busy and total CPU seconds so far, all cores (/proc/stat). */
function machineCpu(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((a, b) => a + b, 0) / TICKS_PER_SECOND;
  const idle = ((fields[3] ?? 0) + (fields[4] ?? 0)) / TICKS_PER_SECOND;
  return { busy: total - idle, total };
}

async function backendPids(serverUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [database]);
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(appProcesses: number) {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const cluster = await startCluster({
    appProcesses,
    serverUrl,
    env: { PUBLIC_REGISTRATION_RATE_LIMIT: "100000000", LOG_LEVEL: "warn" },
  });
  const database = await openDatabase({ url: cluster.databaseUrl, poolSize: 1 });
  try {
    const event = await createEvent(database.db, {
      timeslots: Array.from({ length: 10 }, (_, i) => ({
        capacity: 100_000,
        startTime: `${String(9 + i).padStart(2, "0")}:00`,
        endTime: `${String(10 + i).padStart(2, "0")}:00`,
      })),
    });
    const requests = (n: number, offset: number) =>
      Array.from({ length: n }, (_, i) => ({
        path: `/api/public/events/${event.id}/registrations`,
        body: registrationBody(event.timeslots[i % event.timeslots.length]!.id, { email: `bench-${offset + i}@example.com` }),
      }));
    await load(cluster.port, requests(WARMUP, 1_000_000));

    const dbName = new URL(cluster.databaseUrl).pathname.slice(1);
    const postgresPids = await backendPids(serverUrl, dbName);
    const pids = { proxy: [cluster.pids.proxy], apps: cluster.pids.apps, postgres: postgresPids };
    const before = Object.fromEntries(Object.entries(pids).map(([k, list]) => [k, list.map((pid) => cpuSeconds(pid))]));
    const selfBefore = cpuSeconds("self");
    const machineBefore = machineCpu();
    const result = await load(cluster.port, requests(REQUESTS, 0));
    const selfAfter = cpuSeconds("self");
    const machineAfter = machineCpu();
    // Backends opened during the run count from zero.
    const postgresAfter = await backendPids(serverUrl, dbName);
    const used = (key: keyof typeof pids) => pids[key].reduce((sum, pid, i) => sum + cpuSeconds(pid) - (before[key]![i] ?? 0), 0);
    const newBackends = postgresAfter.filter((pid) => !postgresPids.includes(pid)).reduce((s, pid) => s + cpuSeconds(pid), 0);

    const created = result.statuses[201] ?? 0;
    const sorted = [...result.latencies].sort((a, b) => a - b);
    const [{ overbooked } = { overbooked: -1 }] = rowsOf<{ overbooked: number }>(
      await database.db.execute(
        sql`select count(*)::int as overbooked from (select t.id from event_timeslots t join model_registrations r on r.timeslot_id = t.id
            where t.event_id = ${event.id} group by t.id, t.capacity having count(*) > t.capacity) o`,
      ),
    );
    const s = result.seconds;
    const share = (cpu: number) => `${cpu.toFixed(1)} s (${Math.round((100 * cpu) / s)}% of a core)`;
    console.log(
      `${appProcesses} app process${appProcesses > 1 ? "es" : ""}: ${String(Math.round(created / s)).padStart(5)} registrations/s  ` +
        `p50 ${pct(sorted, 50).toFixed(1)} ms  p95 ${pct(sorted, 95).toFixed(1)} ms  (${created} created in ${s.toFixed(2)} s; ` +
        `statuses ${JSON.stringify(result.statuses)}; overbooked slots ${overbooked})`,
    );
    console.log(`   CPU  proxy ${share(used("proxy"))}`);
    cluster.pids.apps.forEach((pid, i) => {
      console.log(`        app ${i + 1} ${share(cpuSeconds(pid) - (before.apps![i] ?? 0))}`);
    });
    console.log(`        PostgreSQL backends ${share(used("postgres") + newBackends)}`);
    console.log(`        load generator ${share(selfAfter - selfBefore)}`);
    const ours = used("proxy") + used("apps") + used("postgres") + newBackends + selfAfter - selfBefore;
    const busy = machineAfter.busy - machineBefore.busy;
    const cores = (machineAfter.total - machineBefore.total) / s;
    console.log(
      `        machine: ${busy.toFixed(1)} CPU s busy of ${(machineAfter.total - machineBefore.total).toFixed(1)} ` +
        `(${cores.toFixed(0)} cores); these components ${ours.toFixed(1)} s, everything else on the machine ${(busy - ours).toFixed(1)} s`,
    );
    return created / s;
  } finally {
    await database.close();
    await cluster.stop();
  }
}

console.log(
  `Through HAProxy, ${CLIENTS} concurrent clients (closed loop), ${REQUESTS} registrations per run after ${WARMUP} to warm up; ` +
    `each app process runs its outbox worker (no SMTP_URL: mail kept in the database)\n`,
);
const one = await run(1);
const two = await run(2);
console.log(`\ntwo processes / one: ${(two / one).toFixed(2)}×`);
