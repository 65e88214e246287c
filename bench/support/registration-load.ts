/**
 * The registration bench's load and its figures: a load job in a worker thread (http-load.mjs), one
 * printed line per measurement, medians.
 */
import { Worker } from "node:worker_threads";

export interface LoadJob {
  port: number;
  /** One request per entry: path and JSON body. */
  requests: Array<{ path: string; body: unknown }>;
  clients: number;
  ratePerSecond?: number;
}

export interface LoadResult {
  seconds: number;
  latencies: number[];
  statuses: Record<number, number>;
}

/** Runs a load job in a worker thread (its own event loop and, CPUs allowing, its own core). */
export function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./http-load.mjs", import.meta.url), { workerData: job });
    worker.once("message", (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Prints one measurement: the rate of `counted` answers, the latencies, the statuses. */
export function describe(name: string, r: LoadResult, counted: number) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const rate = counted / r.seconds;
  console.log(
    `${name.padEnd(44)} ${String(Math.round(rate)).padStart(6)}/s  ` +
      `p50 ${pct(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${pct(sorted, 95).toFixed(1).padStart(6)} ms  ` +
      `p99 ${pct(sorted, 99).toFixed(1).padStart(6)} ms  (${r.latencies.length} requests in ${r.seconds.toFixed(2)} s; statuses ${JSON.stringify(r.statuses)})`,
  );
  return { rate, p95: pct(sorted, 95) };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
