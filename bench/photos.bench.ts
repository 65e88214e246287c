/**
 * Photo uploads (issue 17): 50 clients at once each sending an 8 MB phone photo (4,000 × 3,000
 * JPEG) to POST /api/public/events/:eventId/photos of the real app (multipart, sharp, the object
 * store on disk), the client in a separate process. Prints uploads processed per second, latency
 * percentiles and the server process's peak RSS growth over its idle RSS.
 * Targets: peak RSS growth ≤ 300 MB, no request over 10 s.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { buildApp } from "../src/server/app";
import { createTestDatabase } from "../src/server/test/database";
import { createEvent } from "../src/server/test/factories";
import { testConfig } from "../src/server/test/harness";

const CONCURRENCY = Number(process.env.BENCH_PHOTO_CLIENTS ?? 50);
const UPLOADS = Number(process.env.BENCH_PHOTO_UPLOADS ?? 50);
const TARGET_BYTES = 8 * 1024 * 1024;

/** A 4,000 × 3,000 JPEG of about 8 MB: noisy enough that it does not compress to less. */
async function eightMegabytePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (((i * 2654435761) >>> 24) & 0x7f) + ((i / 3 / width) & 0x7f);
  let best = Buffer.alloc(0);
  for (const quality of [98, 95, 92, 90, 85, 80, 75, 70, 60, 50]) {
    best = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (best.length <= TARGET_BYTES * 1.1) break; // the first quality within 10 % of 8 MB (95: 8.5 MB)
  }
  return best;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), "opencall-photo-bench-"));
  const photoFile = path.join(dir, "photo.jpg");
  const photo = await eightMegabytePhoto();
  await writeFile(photoFile, photo);

  const database = await createTestDatabase();
  const config = testConfig({ storage: { kind: "disk", dir: path.join(dir, "storage") }, publicRegistrationRateLimit: 100_000 });
  const app = await buildApp({ config, database: database.database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const event = await createEvent(database.database.db, { photos: "required" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/public/events/${event.id}/photos`;

  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const idle = process.memoryUsage.rss();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);

  const { stdout } = await promisify(execFile)(
    process.execPath,
    [new URL("./support/photo-uploads.mjs", import.meta.url).pathname, url, photoFile, String(CONCURRENCY), String(UPLOADS)],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  clearInterval(sampler);
  const result = JSON.parse(stdout) as { seconds: number; latencies: number[]; statuses: Record<string, number> };
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const ok = result.statuses["201"] ?? 0;
  const growth = peak - idle;

  console.log(
    `photo: ${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG, 4000 × 3000; ${UPLOADS} uploads, ${CONCURRENCY} at once`,
  );
  console.log(`statuses: ${JSON.stringify(result.statuses)}`);
  console.log(`uploads processed: ${(ok / result.seconds).toFixed(1)}/s (${result.seconds.toFixed(1)} s in all)`);
  console.log(
    `latency ms: p50 ${percentile(sorted, 50).toFixed(0)}, p95 ${percentile(sorted, 95).toFixed(0)}, max ${(sorted.at(-1) ?? 0).toFixed(0)}`,
  );
  console.log(`server RSS: idle ${mb(idle)} MB, peak ${mb(peak)} MB, growth ${mb(growth)} MB`);
  const verdict = [
    growth <= 300 * 1024 * 1024 ? "peak RSS growth ≤ 300 MB: ok" : "peak RSS growth ≤ 300 MB: MISSED",
    (sorted.at(-1) ?? 0) <= 10_000 ? "no request over 10 s: ok" : "no request over 10 s: MISSED",
    ok === UPLOADS ? "every upload stored: ok" : "every upload stored: MISSED",
  ];
  console.log(verdict.join("; "));

  await app.close();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}

await main();
