/**
 * Downloads one URL in a worker thread and counts its bytes and lines, timing itself from the
 * request to the last byte: the registrations benchmark's CSV client, kept off the server's event
 * loop (as psql, the other side of the comparison, is its own process). Plain JavaScript: a worker
 * thread's entry cannot be TypeScript under tsx on Node 20.
 */
import { parentPort, workerData } from "node:worker_threads";

/** @param {{ url: string, headers: Record<string, string> }} job */
async function read(job) {
  const started = performance.now();
  const response = await fetch(job.url, { headers: job.headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return { status: response.status, bytes, lines, seconds: (performance.now() - started) / 1000 };
}

parentPort.postMessage(await read(workerData));
