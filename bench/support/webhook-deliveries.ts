/**
 * The webhooks bench's first figure (bench/webhooks.bench.ts): deliveries per second from a sender
 * to a local receiver in its own process, checked end to end (every delivery received exactly once,
 * by its webhook-id), and the sender's process's peak memory.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { WEBHOOK_SECRET_PREFIX } from "@common/schemas/webhooks";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../src/server/db/client";
import type { TestDbKind } from "../../src/server/test/database";
import { webhookEndpoints } from "../../src/server/db/schema";
import { createWebhookSender } from "../../src/server/jobs/webhook-sender";
import { recordWebhookEvents } from "../../src/server/modules/webhooks/webhooks.events";
import { createRegistration } from "../../src/server/test/factories";
import { testConfig } from "../../src/server/test/harness";
import { memoryLogger } from "../../src/server/test/outbox";
import { forkSink } from "./forked-sink";
import { memorySampler } from "./memory-sampler";
import { slotsEvent } from "./registration-app";
import { median } from "./registration-load";

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 2000);
const ROUNDS = Number(process.env.BENCH_DELIVERY_ROUNDS ?? 1);
const WARM_UP = Math.min(200, DELIVERIES);

export async function startWebhookSink() {
  const sink = await forkSink(new URL("./webhook-sink.mjs", import.meta.url));
  return {
    url: `http://127.0.0.1:${sink.port}/hooks`,
    received: () => sink.ask<{ requests: number; ids: string[]; stray: number }>("received"),
    clear: () => sink.tell("clear"),
    close: sink.close,
  };
}

export type WebhookSink = Awaited<ReturnType<typeof startWebhookSink>>;

/** An enabled endpoint subscribed to registration.created, as POST /api/webhooks makes it (default permissions). */
export async function subscribe(db: Db, url: string, makerId: string): Promise<string> {
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      url,
      events: ["registration.created"],
      permissions: ["registrations.read"],
      secret: `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString("base64")}`,
      userId: makerId,
    })
    .returning({ id: webhookEndpoints.id });
  return endpoint!.id;
}

type Registration = Awaited<ReturnType<typeof createRegistration>>;

/** registration.created for each, as the registration's statement records it: one delivery per subscribed endpoint. */
async function pend(db: Db, registrations: Registration[]): Promise<Set<string>> {
  const [{ last } = { last: 0 }] = rowsOf<{ last: number | string | null }>(
    await db.execute(sql`select coalesce(max(id), 0) as last from webhook_deliveries`),
  );
  await recordWebhookEvents(
    db,
    "registration.created",
    registrations.map((r) => ({
      subjectId: r.id,
      data: { registrationId: r.id, eventId: r.eventId, timeslotId: r.timeslotId, source: r.source },
    })),
  );
  const rows = rowsOf<{ message_id: string }>(
    await db.execute(sql`select message_id from webhook_deliveries where id > ${Number(last)} and status = 'pending'`),
  );
  return new Set(rows.map((row) => row.message_id));
}

/** One drain of `registrations.length` pending deliveries by a new sender's runOnce(); fails unless each arrived once. */
async function drain(db: Db, sink: WebhookSink, registrations: Registration[]) {
  const n = registrations.length;
  const expected = await pend(db, registrations);
  if (expected.size !== n) throw new Error(`${expected.size} pending deliveries for ${n} registrations`);
  sink.clear();
  const log = memoryLogger();
  const sender = createWebhookSender({ db, config: testConfig(), log });
  const memory = memorySampler();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const pass = await sender.runOnce();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const peak = memory();
  const received = await sink.received();
  const got = new Set(received.ids);
  const missing = [...expected].filter((id) => !got.has(id)).length;
  const problems = [
    pass.delivered !== n && `the sender delivered ${pass.delivered} of ${n} (claimed ${pass.claimed}, failed ${pass.failed})`,
    received.requests !== n && `the receiver got ${received.requests} requests for ${n} deliveries`,
    received.ids.length !== n && `the receiver got ${received.ids.length} distinct webhook-ids for ${n} deliveries`,
    missing > 0 && `${missing} of the database's webhook-ids never reached the receiver`,
    received.stray > 0 && `${received.stray} requests without a webhook-id or elsewhere than /hooks`,
    ...log.entries
      .filter((e) => e.level === "error" || e.level === "warn")
      .map((e) => `sender ${e.level}: ${e.msg} ${JSON.stringify(e.obj)}`),
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`webhook deliveries went wrong:\n  ${problems.join("\n  ")}`);
  return {
    rate: n / seconds,
    seconds,
    distinct: received.ids.length,
    cpuMs: (used.user + used.system) / 1000 / n,
    ...peak,
  };
}

/** The first figure, printed: deliveries per second (median of the rounds), the receiver's count, peak memory. */
export async function measureDeliveries(db: Db, kind: TestDbKind, sink: WebhookSink, makerId: string): Promise<void> {
  await subscribe(db, sink.url, makerId);
  const event = await slotsEvent(db, DELIVERIES);
  const registrations: Registration[] = [];
  for (let i = 0; i < DELIVERIES; i += 50) {
    // Each its own phone, as people have: the factory's one number for all would make every
    // payload's "same person elsewhere" lookup walk all of them.
    const batch = Array.from({ length: Math.min(50, DELIVERIES - i) }, (_, j) =>
      createRegistration(db, {
        eventId: event.id,
        timeslotId: event.timeslots[(i + j) % event.timeslots.length]!.id,
        phoneNumber: `11${String(i + j).padStart(8, "0")}`,
      }),
    );
    registrations.push(...(await Promise.all(batch)));
  }
  await drain(db, sink, registrations.slice(0, WARM_UP)); // JIT and connections warm, not counted
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await drain(db, sink, registrations));
  const rate = median(rounds.map((r) => r.rate));
  const lite = kind === "pglite";
  console.log(
    [
      `  Webhook deliveries to a local receiver (own process, 204), one endpoint, ${DELIVERIES} pending registration.created × ${ROUNDS} round${ROUNDS === 1 ? "" : "s"}, ` +
        `one runOnce() of a sender with its defaults each:`,
      `  deliveries: ${rate.toFixed(0)}/s (${ROUNDS === 1 ? "one round" : "median; rounds"}: ${rounds.map((r) => `${r.rate.toFixed(0)}/s in ${r.seconds.toFixed(2)} s`).join(", ")})`,
      `  receiver got ${rounds.map((r) => r.distinct).join(", ")} distinct webhook-ids (exactly ${DELIVERIES} each, the database's, none twice)`,
      `  CPU of the sender's process per delivery: ${median(rounds.map((r) => r.cpuMs)).toFixed(2)} ms${lite ? " (PGlite's engine in it)" : ""}`,
      `  sender's process peak memory: RSS ${Math.max(...rounds.map((r) => r.peakRssMb)).toFixed(0)} MB${lite ? " (whole process, PGlite included)" : ""}, ` +
        `heap growth ${Math.max(...rounds.map((r) => r.heapGrowthMb)).toFixed(1)} MB`,
    ].join("\n"),
  );
}
