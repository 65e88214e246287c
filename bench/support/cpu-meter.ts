/**
 * CPU time spent by this process (the app; the benchmark's clients run in a child process) and by
 * the PostgreSQL backends of its database, between start and stop. CPU per request barely moves
 * with the machine's other load, where requests per second do: it is the figure to compare changes by.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { rowsOf } from "../../src/server/db/client";

/** A process's user + system CPU in milliseconds (/proc/<pid>/stat, in clock ticks of 10 ms). */
function processCpuMs(pid: number, file = `/proc/${pid}/stat`): number {
  try {
    const stat = readFileSync(file, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // a backend that ended, or PostgreSQL on another machine
  }
}

async function backends(db: Db): Promise<number[]> {
  const result = await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
  return rowsOf<{ pid: number }>(result).map((row) => Number(row.pid));
}

export async function startCpuMeter(db: Db) {
  const pids = await backends(db);
  const dbStart = new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  const appStart = process.cpuUsage();
  return {
    /** Milliseconds of CPU since the start: the app's, and PostgreSQL's for this database. */
    async stop(): Promise<{ appMs: number; dbMs: number }> {
      const app = process.cpuUsage(appStart);
      let dbMs = 0;
      for (const pid of await backends(db)) dbMs += processCpuMs(pid) - (dbStart.get(pid) ?? 0);
      return { appMs: (app.user + app.system) / 1000, dbMs };
    },
  };
}

/**
 * As startCpuMeter, but the app's figure is its main thread's alone (/proc/self/task/<pid>: the
 * thread whose id is the process's), for benches whose clients run in a worker thread of the same
 * process; without `db` (PGlite, in that thread) no database figure.
 */
export async function startThreadCpuMeter(db: Db | undefined) {
  const pids = db ? await backends(db) : [];
  const dbStart = new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  const mainThread = () => processCpuMs(process.pid, `/proc/self/task/${process.pid}/stat`);
  const appStart = mainThread();
  return {
    async stop(): Promise<{ appMs: number; dbMs: number }> {
      const appMs = mainThread() - appStart;
      let dbMs = 0;
      if (db) for (const pid of await backends(db)) dbMs += processCpuMs(pid) - (dbStart.get(pid) ?? 0);
      return { appMs, dbMs };
    },
  };
}
