/**
 * The door of the check-in benchmark, in a child process: the phones share neither the server's
 * event loop nor its process, whose CPU time the benchmark counts. Each phone does what the check-in screen does: a scan is a preview (who it is, the
 * warnings) and then the check-in; meanwhile the phone asks for the arrivals every `pollMs`.
 * - `saturated`: every phone scans its next person as soon as the previous one is done (closed loop):
 *   the most the server takes.
 * - `paced`: each phone scans at `ratePerPhone` a second whether or not the previous scan has been
 *   answered (open loop: a slow answer does not slow the offered load down, so latency is not hidden).
 * - `repeat`: one request `count` times from `phones` clients in a closed loop, no polling: what
 *   one kind of request costs the server.
 * Plain JavaScript: no TypeScript loader in the child. The job comes over IPC, the result goes back.
 */
import { Agent, request } from "node:http";

/**
 * @typedef {{ port: number, headers: Record<string, string>, eventId: string, phones: number,
 *   scans: string[], mode: "saturated" | "paced" | "repeat", ratePerPhone?: number, pollMs: number,
 *   repeat?: { method: string, path: string, body?: unknown, count: number } }} DoorJob
 */

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** @param {DoorJob} job */
async function runDoor(job) {
  const agent = new Agent({ keepAlive: true, maxSockets: job.phones * 4 });
  const samples = { preview: [], checkIn: [], arrivals: [], repeat: [] };
  const statuses = {};
  const send = (kind, method, path, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = { ...job.headers, ...(payload ? { "content-type": "application/json" } : {}) };
      if (payload) headers["content-length"] = Buffer.byteLength(payload);
      const t0 = performance.now();
      const req = request({ host: "127.0.0.1", port: job.port, path, method, agent, headers }, (res) => {
        res.resume();
        res.on("end", () => {
          samples[kind].push(performance.now() - t0);
          const key = `${kind} ${res.statusCode}`;
          statuses[key] = (statuses[key] ?? 0) + 1;
          resolve();
        });
      });
      req.on("error", reject);
      req.end(payload);
    });

  const scan = async (token) => {
    const body = { token, eventId: job.eventId };
    await send("preview", "POST", "/api/check-ins/preview", body);
    await send("checkIn", "POST", "/api/check-ins", body);
  };

  if (job.mode === "repeat") {
    const { method, path, body, count } = job.repeat;
    const started = performance.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: job.phones }, async () => {
        while (sent++ < count) await send("repeat", method, path, body);
      }),
    );
    agent.destroy();
    return { seconds: (performance.now() - started) / 1000, samples, statuses };
  }

  let done = false;
  const started = performance.now();
  // Each phone's arrivals poll, its first at a random moment of the first period.
  const polls = Array.from({ length: job.phones }, async () => {
    let due = started + Math.random() * job.pollMs;
    while (!done) {
      await sleep(due - performance.now());
      if (done) break;
      await send("arrivals", "GET", `/api/events/${job.eventId}/arrivals`);
      due += job.pollMs;
    }
  });

  if (job.mode === "saturated") {
    let next = 0;
    await Promise.all(
      Array.from({ length: job.phones }, async () => {
        while (next < job.scans.length) await scan(job.scans[next++]);
      }),
    );
  } else {
    const period = 1000 / job.ratePerPhone;
    await Promise.all(
      Array.from({ length: job.phones }, async (_, phone) => {
        const mine = job.scans.filter((_, i) => i % job.phones === phone);
        // The phones' rhythms spread over one period, as people reach each phone independently.
        const offset = (phone * period) / job.phones;
        const inFlight = [];
        for (const [k, token] of mine.entries()) {
          await sleep(started + offset + k * period - performance.now());
          inFlight.push(scan(token));
        }
        await Promise.all(inFlight);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await Promise.all(polls);
  agent.destroy();
  return { seconds, samples, statuses };
}

process.once("message", (job) => {
  runDoor(job).then(
    (result) => process.send(result, () => process.exit(0)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
