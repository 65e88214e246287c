/**
 * The outbox repository's statements against each other on PostgreSQL: a worker renews the
 * claims it is sending while it records the ones the server accepted, on two connections of its
 * pool, and other workers re-queue expired claims meanwhile. None of them may wait on another in
 * a cycle (PostgreSQL would abort one after deadlock_timeout, and a record aborted that way
 * leaves accepted messages 'sending' until their lease ends, to be sent twice).
 */
import { inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { outboxMessages } from "../db/schema";
import { useTestApp } from "../test/harness";
import { enqueueMany } from "../test/outbox";
import { createOutboxRepository } from "./outbox.repository";

const t = useTestApp();

beforeEach(async () => {
  await t.db.delete(outboxMessages);
});

const onPostgres = process.env.TEST_DB === "pg";

describe("concurrent statements (PGlite has one connection: skipped there)", () => {
  it.skipIf(!onPostgres)(
    "recording sends while the same rows' claims are renewed never deadlocks",
    { timeout: 60_000 },
    async () => {
      const other = await openDatabase({ url: t.databaseUrl, poolSize: 2 });
      try {
        const repository = createOutboxRepository(t.db);
        const renewing = createOutboxRepository(other.db);
        for (let round = 0; round < 20; round++) {
          await t.db.delete(outboxMessages);
          await enqueueMany(t.db, 200);
          const claimed = await repository.claimDue(new Date(), 200);
          const ids = claimed.map((row) => row.id);
          // Results come back in the order the SMTP connections finish, not in id order.
          const accepted = [...claimed].reverse().map((row) => ({ row, smtpResponse: "250 OK" }));
          const [recorded] = await Promise.all([
            repository.recordSent(accepted, new Date()),
            renewing.renewClaims(ids, new Date()),
          ]);
          expect(recorded.size).toBe(200);
        }
        const left = await t.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(outboxMessages)
          .where(inArray(outboxMessages.status, ["sending", "pending"]));
        expect(left[0]?.n).toBe(0);
      } finally {
        await other.close();
      }
    },
  );

  it.skipIf(!onPostgres)(
    "two late workers recording the same rows in different orders, and a re-queue of their expired leases, never deadlock",
    { timeout: 60_000 },
    async () => {
      const others = await Promise.all([1, 2].map(() => openDatabase({ url: t.databaseUrl, poolSize: 1 })));
      try {
        const [a, b, c] = [t.db, others[0]!.db, others[1]!.db].map((db) => createOutboxRepository(db));
        const leaseMs = 1000;
        for (let round = 0; round < 20; round++) {
          await t.db.delete(outboxMessages);
          await enqueueMany(t.db, 200);
          const claimed = await a!.claimDue(new Date(), 200);
          expect(claimed).toHaveLength(200);
          // Claimed a minute ago: the leases ran out while the server was answering.
          await t.db.update(outboxMessages).set({ claimedAt: new Date(Date.now() - 60_000) });
          const accepted = claimed.map((row) => ({ row, smtpResponse: "250 OK" }));
          const shuffled = [...accepted].sort(() => Math.random() - 0.5);
          const [first, second] = await Promise.all([
            a!.recordSent([...accepted].reverse(), new Date()),
            b!.recordSent(shuffled, new Date()),
            c!.requeueExpired(new Date(), leaseMs, 5),
          ]);
          // Acceptance is the truth whoever reports it: every row ends sent, recorded once.
          expect(first.size + second.size).toBe(200);
        }
        const left = await t.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(outboxMessages)
          .where(sql`${outboxMessages.status} <> 'sent'`);
        expect(left[0]?.n).toBe(0);
      } finally {
        await Promise.all(others.map((o) => o.close()));
      }
    },
  );
});
