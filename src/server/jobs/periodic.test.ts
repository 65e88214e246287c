import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPeriodicJob } from "./periodic";

function recordingLog() {
  const warnings: string[] = [];
  return {
    warnings,
    log: { debug: () => {}, info: () => {}, warn: (_: unknown, message: string) => warnings.push(message), error: () => {} },
  };
}

describe("the scheduled jobs' one loop", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs a pass every interval, timed from the end of the last, never two at once", async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    const { log } = recordingLog();
    const job = createPeriodicJob({
      name: "test",
      intervalMs: 1_000,
      log,
      pass: async () => {
        most = Math.max(most, ++active);
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        active--;
        return ++passes;
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toBe(0);
    // Each pass: 1 s of waiting, then 2.5 s of work.
    await vi.advanceTimersByTimeAsync(1 + 3_500 * 3 - 500);
    expect(passes).toBe(3);
    expect(most).toBe(1);
    await job.stop();
  });

  it("logs a failed pass and tries again at the next tick", async () => {
    const { log, warnings } = recordingLog();
    let calls = 0;
    const job = createPeriodicJob({
      name: "sweeper",
      intervalMs: 100,
      firstDelayMs: 0,
      log,
      pass: async () => {
        if (++calls === 1) throw new Error("database away");
        return calls;
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings).toEqual(["sweeper pass failed; trying again later"]);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    await job.stop();
  });

  it("stop() waits for the pass under way and no pass starts after it", async () => {
    const { log } = recordingLog();
    let finished = 0;
    let started = 0;
    const job = createPeriodicJob({
      name: "test",
      intervalMs: 10,
      firstDelayMs: 0,
      log,
      pass: async () => {
        started++;
        await new Promise((resolve) => setTimeout(resolve, 500));
        return ++finished;
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(1);
    const stopping = job.stop();
    await vi.advanceTimersByTimeAsync(500);
    await stopping;
    expect(finished).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(started).toBe(1);
  });
});
