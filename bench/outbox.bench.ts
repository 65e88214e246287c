/**
 * `npm run bench outbox`: 1,000 messages through a local SMTP server, by the outbox worker (claim,
 * send over the pooled transport, record each result) and, in the same run, by a bare nodemailer
 * loop to the same server with the same pool. Prints messages per second for both, their ratio,
 * and the worker's peak memory. On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 * Target (issue 3): at least 200 messages/s and at least 0.8× the bare loop.
 */
import { performance } from "node:perf_hooks";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { loadConfig } from "../src/server/config";
import { outboxMessages } from "../src/server/db/schema";
import { createOutboxWorker } from "../src/server/jobs/outbox-worker";
import { enqueueEmail } from "../src/server/mail/outbox";
import { createSmtpTransport } from "../src/server/mail/transport";
import { createTestDatabase, type TestDbKind } from "../src/server/test/database";
import { memoryLogger, testEmail } from "../src/server/test/outbox";

const MESSAGES = 1000;
const CONNECTIONS = 5;
const MAIL_FROM = "OpenCall <no-reply@agency.test>";

/** A sink that accepts everything and counts Message-IDs (no parsing beyond the header). */
async function startSink() {
  const counts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? "";
        counts.set(id, (counts.get(id) ?? 0) + 1);
        callback(null, "OK");
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function memorySampler() {
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  return () => {
    clearInterval(timer);
    return { peakRssMb: peakRss / 2 ** 20, heapGrowthMb: (peakHeap - base.heapUsed) / 2 ** 20 };
  };
}

async function bareLoop(smtpUrl: string): Promise<number> {
  const transporter = nodemailer.createTransport({ pool: true, url: smtpUrl, maxConnections: CONNECTIONS, maxMessages: 500 });
  const mail = testEmail();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: MESSAGES }, (_, i) =>
      transporter.sendMail({ from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: `<bare-${i}@bench>` }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  transporter.close();
  return MESSAGES / seconds;
}

async function workerRun(kind: TestDbKind, smtpUrl: string) {
  const testDb = await createTestDatabase(kind);
  const db = testDb.database.db;
  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < MESSAGES; i++) await enqueueEmail(tx, testEmail());
    });
    const config = { ...loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/opencall-bench" }), smtpUrl, mailFrom: MAIL_FROM, mailRatePerSecond: 10_000 };
    let recordedCount = 0;
    const log = { ...memoryLogger(), debug: () => void recordedCount++ };
    const worker = createOutboxWorker({
      db,
      config,
      log,
      transport: createSmtpTransport({ smtpUrl, mailFrom: MAIL_FROM, ratePerSecond: 10_000, maxConnections: CONNECTIONS }),
    });
    global.gc?.();
    const memory = memorySampler();
    const started = performance.now();
    // The running worker (claiming the next batch while one finishes), timed until every result is recorded.
    worker.start();
    while (recordedCount < MESSAGES) await new Promise((r) => setTimeout(r, 5));
    const seconds = (performance.now() - started) / 1000;
    const peak = memory();
    await worker.stop();
    const rows = await db.select({ status: outboxMessages.status }).from(outboxMessages);
    const recordedSent = rows.filter((r) => r.status === "sent").length;
    return { rate: MESSAGES / seconds, recordedSent, ...peak };
  } finally {
    await testDb.drop();
  }
}

const kinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "pg"] : ["pglite"];
if (!process.env.TEST_DATABASE_URL) console.log("(set TEST_DATABASE_URL to measure on PostgreSQL too)");
for (const kind of kinds) {
  const sink = await startSink();
  const bare = await bareLoop(sink.url);
  const bareReceived = sink.total();
  sink.counts.clear();
  const worker = await workerRun(kind, sink.url);
  const twice = [...sink.counts.values()].filter((n) => n > 1).length;
  await sink.close();
  console.log(
    [
      `database: ${kind}`,
      `  bare nodemailer pool (${CONNECTIONS} connections): ${bare.toFixed(0)} messages/s (${bareReceived} received)`,
      `  outbox worker:                          ${worker.rate.toFixed(0)} messages/s (${sink.total()} received, ${worker.recordedSent} recorded sent, ${twice} twice)`,
      `  worker / bare: ${(worker.rate / bare).toFixed(2)}×   (target ≥ 200 messages/s and ≥ 0.8×)`,
      `  worker peak memory: RSS ${worker.peakRssMb.toFixed(0)} MB (whole process), heap growth ${worker.heapGrowthMb.toFixed(1)} MB`,
    ].join("\n"),
  );
}
