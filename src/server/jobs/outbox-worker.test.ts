/**
 * The outbox worker against a real SMTP server: delivery, transient and permanent failures, the
 * development outbox and the running worker. Leases and several workers: outbox-worker.leases.test.ts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages } from "../db/schema";
import { enqueueEmail } from "../mail/outbox";
import { useTestApp } from "../test/harness";
import { enqueueMany, outboxRow, testClock, testEmail, useOutboxWorkers } from "../test/outbox";
import { freePort } from "../test/smtp";
import { backoffDelayMs } from "./outbox-worker";

const t = useTestApp();
const { smtpServer, worker } = useOutboxWorkers(t);

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
