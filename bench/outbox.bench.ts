/**
 * `npm run bench outbox`: 1,000 messages through a local SMTP server, by the outbox worker (claim,
 * send over the pooled transport, record each result) and, in the same run, by a bare nodemailer
 * loop to the same server with the same pool. Prints messages per second for both, their ratio,
 * and the worker's peak memory. On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 * Target (issue 3): at least 200 messages/s and at least 0.8× the bare loop.
 */
import { performance } from "node:perf_hooks";
import nodemailer from "nodemailer";
import { loadConfig } from "../src/server/config";
import { outboxMessages } from "../src/server/db/schema";
import { createOutboxWorker } from "../src/server/jobs/outbox-worker";
import { enqueueEmail } from "../src/server/mail/outbox";
import { createSmtpTransport } from "../src/server/mail/transport";
import type { Db } from "../src/server/db/client";
import { createTestDatabase, type TestDbKind } from "../src/server/test/database";
import { memoryLogger, testEmail } from "../src/server/test/outbox";
import { forkSink } from "./support/forked-sink";
import { memorySampler } from "./support/memory-sampler";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const CONNECTIONS = 5;
const MAIL_FROM = "OpenCall <no-reply@agency.test>";

/**
 * The SMTP server, in its own process (bench/support/smtp-sink.mjs) as a real one would be: the
 * worker and the bare loops are measured without sharing their event loop with the server.
 */
async function startSink() {
  const sink = await forkSink(new URL("./support/smtp-sink.mjs", import.meta.url));
  return {
    url: `smtp://127.0.0.1:${sink.port}`,
    counts: async () => new Map((await sink.ask<{ counts: Array<[string, number]> }>("counts")).counts),
    clear: () => sink.tell("clear"),
    close: sink.close,
  };
}

/** CPU time of this process (every thread: V8's GC helpers and PGlite included) per message, in ms. */
function cpuMeter(messages: number) {
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / messages;
  };
}

async function bareLoop(smtpUrl: string, messages: number, tag: string): Promise<{ rate: number; cpuMs: number }> {
  const transporter = nodemailer.createTransport({ pool: true, url: smtpUrl, maxConnections: CONNECTIONS, maxMessages: 500 });
  const mail = testEmail();
  const cpu = cpuMeter(messages);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: messages }, (_, i) =>
      transporter.sendMail({
        from: MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<bare-${tag}-${i}@bench>`,
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = cpu();
  transporter.close();
  return { rate: messages / seconds, cpuMs };
}

/** The plainest loop: one message after the other, awaiting each, on one kept-open connection. */
async function sequentialLoop(smtpUrl: string, messages: number, tag: string): Promise<number> {
  const transporter = nodemailer.createTransport({ pool: true, url: smtpUrl, maxConnections: 1, maxMessages: Infinity });
  const mail = testEmail();
  const started = performance.now();
  for (let i = 0; i < messages; i++) {
    await transporter.sendMail({
      from: MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<seq-${tag}-${i}@bench>`,
    });
  }
  const seconds = (performance.now() - started) / 1000;
  transporter.close();
  return messages / seconds;
}

/** The running worker (claiming the next batch while one finishes), timed until every result is recorded. */
async function workerRound(db: Db, smtpUrl: string, messages: number) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < messages; i++) await enqueueEmail(tx, testEmail());
  });
  const config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/opencall-bench" }),
    smtpUrl,
    mailFrom: MAIL_FROM,
    mailRatePerSecond: 10_000,
  };
  let recorded = 0;
  const worker = createOutboxWorker({
    db,
    config,
    log: { ...memoryLogger(), debug: () => void recorded++ },
    transport: createSmtpTransport({ smtpUrl, mailFrom: MAIL_FROM, ratePerSecond: 10_000, maxConnections: CONNECTIONS }),
  });
  const memory = memorySampler();
  const cpu = cpuMeter(messages);
  const started = performance.now();
  worker.start();
  while (recorded < messages) await new Promise((r) => setTimeout(r, 5));
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = cpu();
  const peak = memory();
  await worker.stop();
  return { rate: messages / seconds, cpuMs, ...peak };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// Both sides share this process and the machine's CPU: rounds alternate, after a
// warm-up of each, and the medians are compared, so a busy machine skews both alike.
const ROUNDS = 5;
const kinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "pg"] : ["pglite"];
if (!process.env.TEST_DATABASE_URL) console.log("(set TEST_DATABASE_URL to measure on PostgreSQL too)");
for (const kind of kinds) {
  const sink = await startSink();
  const testDb = await createTestDatabase(kind);
  const db = testDb.database.db;
  try {
    // Warm-up: both code paths compiled by the JIT before anything is timed.
    await bareLoop(sink.url, MESSAGES, "warm-up");
    await sequentialLoop(sink.url, 200, "warm-up");
    await workerRound(db, sink.url, MESSAGES);
    sink.clear();
    const bare: Array<Awaited<ReturnType<typeof bareLoop>>> = [];
    const sequential: number[] = [];
    const worker: Array<Awaited<ReturnType<typeof workerRound>>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await bareLoop(sink.url, MESSAGES, String(round)));
      sequential.push(await sequentialLoop(sink.url, MESSAGES, String(round)));
      worker.push(await workerRound(db, sink.url, MESSAGES));
    }
    const rows = await db.select({ status: outboxMessages.status }).from(outboxMessages);
    const received = await sink.counts();
    const twice = [...received.values()].filter((n) => n > 1).length;
    const workerMedian = median(worker.map((w) => w.rate));
    const bareMedian = median(bare.map((b) => b.rate));
    console.log(
      [
        `database: ${kind} (${MESSAGES} messages × ${ROUNDS} rounds; medians)`,
        `  bare nodemailer pool (${CONNECTIONS} connections): ${bareMedian.toFixed(0)} messages/s   [${bare.map((b) => b.rate.toFixed(0)).join(", ")}]`,
        `  outbox worker:                          ${workerMedian.toFixed(0)} messages/s   [${worker.map((w) => w.rate.toFixed(0)).join(", ")}]`,
        `  bare nodemailer loop (await each, 1 connection): ${median(sequential).toFixed(0)} messages/s   [${sequential.map((r) => r.toFixed(0)).join(", ")}]`,
        `  worker / bare pool: ${(workerMedian / bareMedian).toFixed(2)}×, worker / bare loop: ${(workerMedian / median(sequential)).toFixed(2)}×   (target ≥ 200 messages/s and ≥ 0.8×)`,
        `  CPU of this process per message: bare pool ${median(bare.map((b) => b.cpuMs)).toFixed(2)} ms, worker ${median(worker.map((w) => w.cpuMs)).toFixed(2)} ms`,
        `  received ${[...received.values()].reduce((a, b) => a + b, 0)} (${twice} Message-IDs twice); outbox rows sent ${rows.filter((r) => r.status === "sent").length} of ${rows.length}`,
        `  worker peak memory: RSS ${Math.max(...worker.map((w) => w.peakRssMb)).toFixed(0)} MB (whole process, PGlite included), heap growth ${Math.max(...worker.map((w) => w.heapGrowthMb)).toFixed(1)} MB`,
      ].join("\n"),
    );
  } finally {
    await sink.close();
    await testDb.drop();
  }
}
