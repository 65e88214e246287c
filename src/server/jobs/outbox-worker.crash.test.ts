/**
 * kill -9 in the middle of a 200-message batch: the worker runs as its own process
 * (src/server/worker.ts), the SMTP server holds its replies once 60 messages are in, the worker is
 * killed while messages are half-sent, and a second worker finishes the job. The SMTP server must
 * end with exactly the 200 messages, none twice.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { outboxMessages, type OutboxMessageRow } from "../db/schema";
import { createTestDatabase, testDbKind, type TestDatabase } from "../test/database";
import { enqueueMany } from "../test/outbox";
import { startTestSmtpServer } from "../test/smtp";

const TOTAL = 200;
const ACCEPTED_BEFORE_KILL = 60;

function runWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/worker.ts"], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "debug", MAIL_RATE_PER_SECOND: "1000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exit, output: () => output };
}

async function until(condition: () => boolean, what: string, details: () => string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${details()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const sentRecords = (output: string) => output.split("\n").filter((line) => line.includes('"msg":"outbox: message sent"')).length;

const dirs: string[] = [];
let testDb: TestDatabase | undefined;
afterAll(async () => {
  await testDb?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("a worker killed mid-batch", () => {
  it("loses nothing and sends nothing twice after a restart", { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "opencall-crash-"));
    dirs.push(dataDir);
    // Both processes reach the same database: a PostgreSQL database, or a PGlite data directory
    // that the test opens only while no worker is alive.
    const openShared = async (): Promise<Database> =>
      testDb ? openDatabase({ url: testDb.url, poolSize: 2 }) : openDatabase({ dataDir: path.join(dataDir, "pglite") });
    const dbEnv: Record<string, string> = { DATA_DIR: dataDir };
    if (testDbKind() === "pg") {
      testDb = await createTestDatabase("pg");
      await testDb.database.close();
      dbEnv.DATABASE_URL = testDb.url!;
    }
    let database = await openShared();
    await database.migrate();
    const queued = await enqueueMany(database.db, TOTAL);
    await database.close();

    let replies = 0;
    let holding = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    const smtp = await startTestSmtpServer({
      delayMs: 5,
      beforeReply: async () => {
        if (holding && ++replies > ACCEPTED_BEFORE_KILL) {
          held++;
          await gate;
        }
      },
    });
    const env = { ...dbEnv, SMTP_URL: smtp.url, MAIL_SEND_LEASE_SECONDS: "1" };

    const first = runWorker(env);
    // Kill once 60 messages are accepted and recorded, while the next ones wait for their reply.
    await until(() => held > 0 && sentRecords(first.output()) === ACCEPTED_BEFORE_KILL, "the first 60 results", first.output);
    first.child.kill("SIGKILL");
    expect(await first.exit).toBeNull();
    await until(
      () => smtp.openConnections() === 0,
      "the killed worker's connections to close",
      () => "",
    );
    release(); // the held messages' connections are gone: the server never accepted them
    expect(smtp.received).toHaveLength(ACCEPTED_BEFORE_KILL);

    database = await openShared();
    const midBatch = await database.db.select().from(outboxMessages);
    await database.close();
    const count = (status: OutboxMessageRow["status"]) => midBatch.filter((r) => r.status === status).length;
    expect(count("sent")).toBe(ACCEPTED_BEFORE_KILL);
    expect(count("sending")).toBeGreaterThan(0); // claimed, some half-sent, when the process died
    expect(count("sent") + count("sending") + count("pending")).toBe(TOTAL);

    holding = false;
    const second = runWorker(env);
    await smtp.waitForReceived(TOTAL, 60_000);
    second.child.kill("SIGTERM");
    expect(await second.exit).toBe(0);
    expect(second.output()).toContain("outbox worker stopped cleanly");

    const counts = smtp.countByMessageId();
    expect(smtp.received).toHaveLength(TOTAL);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(new Set(counts.keys())).toEqual(new Set(queued.map((r) => r.messageId)));

    database = await openShared();
    const after = await database.db.select().from(outboxMessages);
    await database.close();
    expect(
      after.filter((r) => r.status !== "sent"),
      `the second worker's log:\n${second.output()}`,
    ).toEqual([]);
    await smtp.close();
  });
});
