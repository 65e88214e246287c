/**
 * The one loop every scheduled job runs in (the scheduler's offers and reminders, the storage
 * sweeper, the retention of personal data): a first pass after `firstDelayMs` (the interval by
 * default), then one every `intervalMs`, the next one timed from the end of the last so passes never
 * overlap, a failed pass logged and tried again at the next tick, and `stop()` waiting for the pass
 * under way. The timer is unref'd: a job never keeps the process alive on its own.
 */
import type { WorkerLogger } from "./outbox-worker";

export interface PeriodicJob<T> {
  /** One pass now, outside the timer (tests and start-up call it). */
  runOnce(): Promise<T>;
  start(): void;
  stop(): Promise<void>;
}

export interface PeriodicJobOptions<T> {
  /** Names the job in its log lines. */
  name: string;
  intervalMs: number;
  firstDelayMs?: number;
  log: WorkerLogger;
  pass: () => Promise<T>;
}

export function createPeriodicJob<T>({
  name,
  intervalMs,
  firstDelayMs = intervalMs,
  log,
  pass,
}: PeriodicJobOptions<T>): PeriodicJob<T> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  function schedule(delayMs = intervalMs) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => log.warn({ err: error }, `${name} pass failed; trying again later`))
        .finally(() => schedule());
    }, delayMs);
    timer.unref();
  }

  return {
    runOnce: pass,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(firstDelayMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
