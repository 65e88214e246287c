/**
 * Leases: only a message left 'sending' beyond its lease is sent again, a worker that lost its
 * lease cannot overwrite the new owner's record, and several workers on one PostgreSQL database
 * never send the same row twice.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { outboxMessages } from "../db/schema";
import { createOutboxRepository } from "../mail/outbox.repository";
import { useTestApp } from "../test/harness";
import { enqueueMany, outboxRow, testClock, useOutboxWorkers } from "../test/outbox";
import type { OutboxWorker } from "./outbox-worker";

const t = useTestApp();
const { smtpServer, worker, cleanup } = useOutboxWorkers(t);

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
    const stale = { ...row!, attempts: 4 };
    expect(await createOutboxRepository(t.db).recordRetry(stale, "late", new Date())).toBe(false);
    expect(await outboxRow(t.db, queued!.id)).toMatchObject({ status: "sending", attempts: 5, lastError: null });
    await w.stop();
  });
});

describe("several workers on one PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_DB || process.env.TEST_DB !== "pg")(
    "never send the same row twice (PGlite has one connection: skipped there)",
    async () => {
      const smtp = await smtpServer({ delayMs: 2 });
      const rows = await enqueueMany(t.db, 300);
      const second = await openDatabase({ url: t.databaseUrl, poolSize: 5 });
      cleanup(() => second.close());
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
