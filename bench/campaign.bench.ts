/**
 * `npm run bench campaign`: one campaign of a 99 KB HTML message to 1,000 registrations, sent through
 * the app (POST /api/campaigns, on PGlite, as a fresh install runs). Prints how long the POST keeps
 * its request open, how long until every recipient's message is in the outbox, and how much the
 * process grew (RSS: PGlite's memory included) at its peak and after a collection once it is over.
 * Issue 32, item 22: the POST answered after 13 s and the process kept 461 MB more for good.
 */
import { performance } from "node:perf_hooks";
import { count, eq } from "drizzle-orm";
import { seedEvent } from "../scripts/lib/seed";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { modelRegistrations, outboxMessages } from "../src/server/db/schema";
import { createTestDatabase } from "../src/server/test/database";
import { signedInAs } from "../src/server/test/factories";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1000);
const MB = 2 ** 20;

/** About 99 KB of newsletter HTML, a placeholder in each block (as campaigns.large.test.ts). */
function largeHtml(): string {
  const block = (i: number) =>
    `<h2>Novedades ${i}</h2><p style="color:#333;font-size:14px">Hola <b>{nombre}</b>, tu código es {codigo}. ` +
    `Te esperamos en <a href="https://agency.test/eventos/${i}">nuestro próximo casting</a>.</p>` +
    `<table><tr><td>Fecha</td><td>{fecha}</td></tr><tr><td>Horario</td><td>{horario}</td></tr></table>`;
  let html = "";
  for (let i = 0; html.length < 99_000; i++) html += block(i);
  return html;
}

const collect = () => (globalThis as { gc?: () => void }).gc?.();
const rss = () => process.memoryUsage().rss;
const heap = () => process.memoryUsage().heapUsed;

const testDb = await createTestDatabase("pglite");
const config = {
  ...loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/tmp/opencall-bench",
    AUTH_SECRET: "bench-secret-that-is-long-enough-0123456789",
  }),
  logLevel: "silent" as const,
};
const app = await buildApp({ config, database: testDb.database, logger: false });
await app.ready();
try {
  const db = testDb.database.db;
  const event = await seedEvent(db, {
    seed: 7,
    eventName: "Casting Multitudinario",
    eventDate: "2026-05-01",
    location: "La Rural, Palermo, CABA",
    slots: [{ startTime: "10:00", endTime: "18:00", capacity: RECIPIENTS }],
    registrations: RECIPIENTS,
  });
  const ids = (
    await db.select({ id: modelRegistrations.id }).from(modelRegistrations).where(eq(modelRegistrations.eventId, event.id))
  ).map((r) => r.id);
  const { headers } = await signedInAs(app, { role: "admin" });
  const body = {
    eventId: event.id,
    registrationIds: ids,
    subject: "Novedades para {nombre}",
    content: largeHtml(),
    isHtml: true,
  };

  collect();
  const before = rss();
  const heapBefore = heap();
  let peak = before;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
    heapPeak = Math.max(heapPeak, heap());
  }, 10);
  const started = performance.now();
  const res = await app.inject({ method: "POST", url: "/api/campaigns", headers, payload: body });
  const postMs = performance.now() - started;
  if (res.statusCode !== 202) throw new Error(`POST /api/campaigns answered ${res.statusCode}: ${res.body}`);
  let written = 0;
  while (written < ids.length) {
    const [row] = await db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.kind, "campaign"));
    written = row?.n ?? 0;
    if (written < ids.length) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const allWrittenMs = performance.now() - started;
  clearInterval(sampler);
  collect();
  await new Promise((resolve) => setTimeout(resolve, 200));
  collect();
  const after = rss();
  console.log(
    [
      `campaign of a ${(body.content.length / 1000).toFixed(0)} KB HTML message to ${ids.length} registrations (PGlite)`,
      `  POST /api/campaigns answered ${res.statusCode} in ${postMs.toFixed(0)} ms`,
      `  every message in the outbox after ${allWrittenMs.toFixed(0)} ms (${written} rows)`,
      `  process RSS: ${(before / MB).toFixed(0)} MB before, peak +${((peak - before) / MB).toFixed(0)} MB, ` +
        `+${((after - before) / MB).toFixed(0)} MB kept after a collection ` +
        `(the in-memory database holds the ${((written * body.content.length * 2) / MB).toFixed(0)} MB of messages written)`,
      `  JS heap: peak +${((heapPeak - heapBefore) / MB).toFixed(0)} MB, +${((heap() - heapBefore) / MB).toFixed(0)} MB kept`,
    ].join("\n"),
  );
} finally {
  await app.close();
  await testDb.drop();
}
