/**
 * Reminders with two worker processes on one PostgreSQL (issue 19: "sent exactly once even with
 * several app processes"): two `src/server/worker.ts` processes start together, each runs its first
 * scheduler pass about 30 s later, and the SMTP server must end with one reminder per registrant,
 * written in their language (the standalone worker once sent the messages' ids).
 * (scheduler.test.ts shows the same race between two schedulers of one process.)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isNotNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { todayIso } from "@common/dates";
import { modelRegistrations } from "../db/schema";
import { createTestDatabase, testDbKind, type TestDatabase } from "../test/database";
import { createEvent, createRegistration } from "../test/factories";
import { startTestSmtpServer } from "../test/smtp";

const PEOPLE = 250; // more than one pass's batch (100): the two processes' passes interleave

function runWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/worker.ts"], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", MAIL_RATE_PER_SECOND: "1000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exit, output: () => output };
}

let testDb: TestDatabase | undefined;
const dirs: string[] = [];
afterAll(async () => {
  await testDb?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testDbKind() !== "pg")("reminders with two worker processes (PostgreSQL)", () => {
  it("each registrant gets one reminder, in their language", { timeout: 120_000 }, async () => {
    testDb = await createTestDatabase("pg");
    const db = testDb.database.db;
    // Tomorrow at noon in Buenos Aires: 12 to 36 hours ahead, inside a 48-hour reminder window.
    const tomorrow = todayIso(new Date(Date.now() + 24 * 3_600_000));
    const event = await createEvent(db, {
      eventDate: tomorrow,
      timeslots: [{ startTime: "12:00", endTime: "13:00", capacity: PEOPLE }],
    });
    const people = [];
    for (let i = 0; i < PEOPLE; i++) {
      people.push(
        await createRegistration(db, {
          eventId: event.id,
          timeslotId: event.timeslots[0]!.id,
          status: "confirmed",
          emailVerified: true,
        }),
      );
    }

    const smtp = await startTestSmtpServer();
    const dataDir = mkdtempSync(path.join(tmpdir(), "opencall-reminders-"));
    dirs.push(dataDir);
    const env = { DATABASE_URL: testDb.url!, DATA_DIR: dataDir, SMTP_URL: smtp.url, REMINDER_HOURS_BEFORE: "48" };
    const workers = [runWorker(env), runWorker(env)];
    try {
      await smtp.waitForReceived(PEOPLE, 90_000);
      // Whatever either process would still send twice would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const reminders = smtp.received.filter((mail) => mail.subject === `Recordatorio: ${event.eventName}`);
      expect(reminders).toHaveLength(PEOPLE);
      // In the registrant's language, not the messages' ids.
      expect(reminders.filter((mail) => !mail.text.includes(`Te esperamos en ${event.eventName}`))).toEqual([]);
      expect(smtp.received).toHaveLength(PEOPLE);
      const perAddress = new Map<string, number>();
      for (const mail of reminders) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      expect(new Set(perAddress.keys())).toEqual(new Set(people.map((p) => p.email.toLowerCase())));
      expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
      expect(await db.$count(modelRegistrations, isNotNull(modelRegistrations.reminderSentAt))).toBe(PEOPLE);
    } finally {
      for (const worker of workers) worker.child.kill("SIGTERM");
      const codes = await Promise.all(workers.map((w) => w.exit));
      await smtp.close();
      expect(codes, workers.map((w) => w.output()).join("\n---\n")).toEqual([0, 0]);
    }
  });
});
