/**
 * The load generator of the registration benchmark, run in a worker thread so that the client and
 * the servers do not share one event loop. Closed loop: `clients` loops, each sending its next request
 * when the previous answer arrives. Open loop: requests started at `ratePerSecond`, at most `clients`
 * in flight. Plain JavaScript: a worker thread's entry cannot be TypeScript under tsx on Node 20.
 */
import { Agent, request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";

/** @param {{ port: number, requests: Array<{ path: string, body: unknown }>, clients: number, ratePerSecond?: number, headers?: Record<string, string> }} job */
async function runLoad(job) {
  const agent = new Agent({ keepAlive: true, maxSockets: job.clients });
  const post = (path, body) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = request(
        {
          host: "127.0.0.1",
          port: job.port,
          path,
          method: "POST",
          agent,
          headers: { ...job.headers, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  const latencies = [];
  const statuses = {};
  const one = async (i) => {
    const { path, body } = job.requests[i];
    const t0 = performance.now();
    const status = await post(path, body);
    latencies.push(performance.now() - t0);
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  const started = performance.now();
  if (job.ratePerSecond) {
    const inFlight = new Set();
    for (let i = 0; i < job.requests.length; i++) {
      const due = started + (i * 1000) / job.ratePerSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      while (inFlight.size >= job.clients) await Promise.race(inFlight);
      const p = one(i).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
  } else {
    let next = 0;
    await Promise.all(
      Array.from({ length: job.clients }, async () => {
        while (next < job.requests.length) await one(next++);
      }),
    );
  }
  agent.destroy();
  return { seconds: (performance.now() - started) / 1000, latencies, statuses };
}

if (parentPort) {
  runLoad(workerData).then(
    (result) => parentPort.postMessage(result),
    (error) => {
      throw error;
    },
  );
}
