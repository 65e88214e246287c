/**
 * The outbox worker against a real SMTP server: delivery, transient and permanent failures,
 * leases, the development outbox, and several workers on one database.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outboxMessages } from "../db/schema";
import { enqueueEmail } from "../mail/outbox";
import { createSmtpTransport } from "../mail/transport";
import { useTestApp } from "../test/harness";
import { enqueueMany, memoryLogger, outboxRow, testClock, testEmail } from "../test/outbox";
import { freePort, startTestSmtpServer, type TestSmtpServer } from "../test/smtp";
import { backoffDelayMs, createOutboxWorker, type OutboxWorker } from "./outbox-worker";

const t = useTestApp();
const MAIL_FROM = "OpenCall <no-reply@agency.test>";

let cleanup: Array<() => Promise<void>> = [];
beforeEach(async () => {
  await t.db.delete(outboxMessages);
});
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function smtpServer(options: Parameters<typeof startTestSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const server = await startTestSmtpServer(options);
  cleanup.push(() => server.close());
  return server;
}

function worker(smtpUrl: string | undefined, extra: { clock?: () => Date; maxAttempts?: number; db?: typeof t.db; batchSize?: number } = {}) {
  const log = memoryLogger();
  const config = { ...t.config, smtpUrl, mailFrom: MAIL_FROM, mailMaxAttempts: extra.maxAttempts ?? t.config.mailMaxAttempts };
  const instance: OutboxWorker = createOutboxWorker({
    db: extra.db ?? t.db,
    config,
    log,
    ...(extra.clock ? { clock: extra.clock } : {}),
    ...(extra.batchSize ? { batchSize: extra.batchSize } : {}),
    ...(smtpUrl ? { transport: createSmtpTransport({ smtpUrl, mailFrom: MAIL_FROM, ratePerSecond: 1000 }) } : {}),
  });
  cleanup.push(() => instance.stop());
  return { worker: instance, log };
}

describe("delivery", () => {
  it("sends a message with its text and HTML parts, accents intact, and records the server's reply", async () => {
    const smtp = await smtpServer();
    const [queued] = await enqueueMany(t.db, 1, { to: "maria@example.com" });
    const { worker: w } = worker(smtp.url);

    expect(await w.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["maria@example.com"]);
    expect(mail.from).toBe("no-reply@agency.test");
    expect(mail.messageId).toBe(queued!.messageId);
    expect(mail.subject).toBe("Confirmá tu inscripción en OpenCall");
    expect(mail.text).toContain("Hola María José:");
    expect(mail.text).toContain("http://localhost:3000/verify/abc123");
    expect(mail.html).toContain("Hola María José:");
    expect(mail.html).toContain("OpenCall");
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);

    const row = await outboxRow(t.db, queued!.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.smtpResponse).toMatch(/^250 /);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("lets no CR or LF of user input reach a header", async () => {
    const smtp = await smtpServer();
    await t.db.transaction((tx) =>
      enqueueEmail(tx, testEmail({ subject: "Hola\r\nBcc: intruso@evil.test\r\n\r\nCuerpo falso", to: "ana@example.com" })),
    );
    for (const to of ["ana@example.com\r\nCc: otro@evil.test", "ana@example.com, otro@evil.test", "Ana <ana@example.com>"]) {
      await expect(t.db.transaction((tx) => enqueueEmail(tx, testEmail({ to })))).rejects.toThrow(/not a single e-mail address/);
    }
    const { worker: w } = worker(smtp.url);
    await w.drainOnce();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.subject).toBe("Hola Bcc: intruso@evil.test Cuerpo falso");
    const headers = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"));
    expect(headers).not.toMatch(/^(Bcc|Cc):/im);
  });

  it("refuses for good a row whose recipient was edited into a list by hand", async () => {
    const smtp = await smtpServer();
    const [queued] = await enqueueMany(t.db, 1);
    await t.db
      .update(outboxMessages)
      .set({ toAddress: "ana@example.com, otro@evil.test" })
      .where(eq(outboxMessages.id, queued!.id));
    const { worker: w } = worker(smtp.url);
    expect(await w.drainOnce()).toMatchObject({ failed: 1 });
    expect((await outboxRow(t.db, queued!.id)).lastError).toMatch(/Invalid recipient address/);
    expect(smtp.seen).toHaveLength(0);
  });

  it("sends nothing that was not committed: a rolled-back change leaves no e-mail", async () => {
    const smtp = await smtpServer();
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, testEmail());
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const { worker: w } = worker(smtp.url);
    expect(await w.drainOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.seen).toHaveLength(0);
  });
});

describe("failures", () => {
  it("retries a 4xx reply with back-off, then delivers once", async () => {
    const smtp = await smtpServer({
      answer: (_mail, attempt) => (attempt === 1 ? { code: 451, message: "4.3.0 Mailbox busy, try later" } : undefined),
    });
    const [queued] = await enqueueMany(t.db, 1);
    const clock = testClock();
    const { worker: w } = worker(smtp.url, { clock: clock.now });

    expect(await w.drainOnce()).toMatchObject({ claimed: 1, retried: 1 });
    let row = await outboxRow(t.db, queued!.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toContain("451 4.3.0 Mailbox busy, try later");
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + backoffDelayMs(1));

    // Not due yet.
    expect(await w.drainOnce()).toMatchObject({ claimed: 0 });
    clock.advance(backoffDelayMs(1));
    expect(await w.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });

    row = await outboxRow(t.db, queued!.id);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.seen).toHaveLength(2);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.messageId).toBe(queued!.messageId);
  });

  it("retries when the server refuses the connection, and delivers once it listens", async () => {
    const port = await freePort();
    const [queued] = await enqueueMany(t.db, 1);
    const clock = testClock();
    const { worker: w } = worker(`smtp://127.0.0.1:${port}`, { clock: clock.now });

    expect(await w.drainOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect((await outboxRow(t.db, queued!.id)).lastError).toMatch(/ECONNREFUSED/);

    const smtp = await smtpServer({ port });
    clock.advance(backoffDelayMs(1));
    expect(await w.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.received.map((m) => m.messageId)).toEqual([queued!.messageId]);
  });

  it("fails a 5xx reply at once, keeps the server's message, and never retries it", async () => {
    const smtp = await smtpServer({
      answerRecipient: (address) =>
        address === "nadie@example.com" ? { code: 550, message: "5.1.1 <nadie@example.com>: no such user" } : undefined,
    });
    const [refused] = await enqueueMany(t.db, 1, { to: "nadie@example.com" });
    const clock = testClock();
    const { worker: w } = worker(smtp.url, { clock: clock.now });

    expect(await w.drainOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const row = await outboxRow(t.db, refused!.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, sentAt: null });
    expect(row.lastError).toContain("550 5.1.1 <nadie@example.com>: no such user");

    clock.advance(24 * 60 * 60_000);
    expect(await w.drainOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("fails a message refused after DATA with 554", async () => {
    const smtp = await smtpServer({ answer: () => ({ code: 554, message: "5.7.1 Message rejected as spam" }) });
    const [queued] = await enqueueMany(t.db, 1);
    const { worker: w } = worker(smtp.url);
    expect(await w.drainOnce()).toMatchObject({ failed: 1 });
    expect((await outboxRow(t.db, queued!.id)).lastError).toContain("554 5.7.1 Message rejected as spam");
    expect(smtp.received).toHaveLength(0);
  });

  it("gives up after MAIL_MAX_ATTEMPTS transient failures", async () => {
    const smtp = await smtpServer({ answer: () => ({ code: 421, message: "4.7.0 Too many connections" }) });
    const [queued] = await enqueueMany(t.db, 1);
    const clock = testClock();
    const { worker: w } = worker(smtp.url, { clock: clock.now, maxAttempts: 3 });

    for (const expected of ["pending", "pending", "failed"]) {
      await w.drainOnce();
      expect((await outboxRow(t.db, queued!.id)).status).toBe(expected);
      clock.advance(backoffDelayMs(3));
    }
    expect(await w.drainOnce()).toMatchObject({ claimed: 0 });
    const row = await outboxRow(t.db, queued!.id);
    expect(row.attempts).toBe(3);
    expect(row.lastError).toContain("421");
    expect(smtp.seen).toHaveLength(3);
  });
});

describe("leases", () => {
  it("re-sends, with the same Message-ID, only a message left 'sending' beyond the lease", async () => {
    const smtp = await smtpServer();
    const clock = testClock();
    const [stale, fresh] = await enqueueMany(t.db, 2);
    const leaseMs = t.config.mailSendLeaseSeconds * 1000;
    await t.db
      .update(outboxMessages)
      .set({ status: "sending", attempts: 1, claimedAt: new Date(clock.now().getTime() - leaseMs - 1) })
      .where(eq(outboxMessages.id, stale!.id));
    await t.db
      .update(outboxMessages)
      .set({ status: "sending", attempts: 1, claimedAt: new Date(clock.now().getTime() - leaseMs + 5000) })
      .where(eq(outboxMessages.id, fresh!.id));
    const { worker: w, log } = worker(smtp.url, { clock: clock.now });

    expect(await w.drainOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.received.map((m) => m.messageId)).toEqual([stale!.messageId]);
    expect(await outboxRow(t.db, stale!.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await outboxRow(t.db, fresh!.id)).toMatchObject({ status: "sending", attempts: 1 });
    expect(log.entries.some((e) => e.level === "warn" && (e.obj as { requeued?: number }).requeued === 1)).toBe(true);
  });

  it("does not let a worker that lost its lease overwrite the new owner's record", async () => {
    const smtp = await smtpServer({ answer: () => ({ code: 451, message: "4.3.0 later" }) });
    const [queued] = await enqueueMany(t.db, 1);
    const { worker: w } = worker(smtp.url);
    // Another worker re-claimed the row meanwhile (attempts moved on).
    const [row] = await t.db
      .update(outboxMessages)
      .set({ status: "sending", attempts: 5 })
      .where(eq(outboxMessages.id, queued!.id))
      .returning();
    const { createOutboxRepository } = await import("../mail/outbox.repository");
    const stale = { ...row!, attempts: 4 };
    expect(await createOutboxRepository(t.db).recordRetry(stale, "late", new Date())).toBe(false);
    expect(await outboxRow(t.db, queued!.id)).toMatchObject({ status: "sending", attempts: 5, lastError: null });
    await w.stop();
  });
});

describe("development outbox (no SMTP_URL)", () => {
  it("keeps mail undelivered in the database and logs each message's links", async () => {
    const [queued] = await enqueueMany(t.db, 1, { kind: "registration_verification", to: "lucia@example.com" });
    const { worker: w, log } = worker(undefined);

    expect(await w.drainOnce()).toMatchObject({ claimed: 1, undelivered: 1 });
    expect(await outboxRow(t.db, queued!.id)).toMatchObject({ status: "undelivered", sentAt: null });
    const entry = log.entries.find((e) => e.level === "info" && (e.obj as { outboxId?: number }).outboxId === queued!.id);
    expect(entry?.obj).toMatchObject({
      kind: "registration_verification",
      to: "lucia@example.com",
      links: ["http://localhost:3000/verify/abc123"],
    });
    expect(entry?.msg).toContain("http://localhost:3000/verify/abc123");
    expect(await w.drainOnce()).toMatchObject({ claimed: 0 });
  });
});

describe("the running worker", () => {
  it("delivers what is enqueued while it runs, and stop() lets in-flight sends finish and be recorded", async () => {
    const smtp = await smtpServer({ delayMs: 50 });
    const { worker: w } = worker(smtp.url);
    w.start();
    const rows = await enqueueMany(t.db, 5);
    await smtp.waitForReceived(1);
    await w.stop();
    const statuses = await Promise.all(rows.map(async (r) => (await outboxRow(t.db, r.id)).status));
    expect(statuses.filter((s) => s === "sending")).toEqual([]);
    expect(statuses.filter((s) => s === "sent")).toHaveLength(smtp.received.length);
  });
});

describe("several workers on one PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_DB || process.env.TEST_DB !== "pg")(
    "never send the same row twice (PGlite has one connection: skipped there)",
    async () => {
      const smtp = await smtpServer({ delayMs: 2 });
      const rows = await enqueueMany(t.db, 300);
      const { openDatabase } = await import("../db/client");
      const second = await openDatabase({ url: t.databaseUrl, poolSize: 5 });
      cleanup.push(() => second.close());
      const a = worker(smtp.url, { db: t.db, batchSize: 10 });
      const b = worker(smtp.url, { db: second.db, batchSize: 10 });
      const claimedBy = { a: 0, b: 0 };
      const run = async (w: OutboxWorker, key: "a" | "b") => {
        for (;;) {
          const { claimed } = await w.drainOnce();
          if (claimed === 0) return;
          claimedBy[key] += claimed;
        }
      };
      await Promise.all([run(a.worker, "a"), run(b.worker, "b")]);

      expect(claimedBy.a + claimedBy.b).toBe(300);
      expect(claimedBy.a).toBeGreaterThan(0);
      expect(claimedBy.b).toBeGreaterThan(0);
      const counts = smtp.countByMessageId();
      expect(counts.size).toBe(300);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(new Set(counts.keys())).toEqual(new Set(rows.map((r) => r.messageId)));
      const [left] = await t.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(outboxMessages)
        .where(sql`${outboxMessages.status} <> 'sent'`);
      expect(left?.n).toBe(0);
    },
  );
});
