/**
 * kill -9 in the middle of webhook deliveries (issue 37): the sender runs in its own process
 * (src/server/worker.ts), the receiver answers the first 20 deliveries and holds the next ones
 * unanswered, the process is killed while they wait, and a sender started after the lease sends
 * what the dead one left, with the same webhook-ids. Every delivery ends answered 2xx exactly once
 * by webhook-id: nothing lost, and a receiver dropping repeats handles nothing twice.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import { createTestDatabase, testDbKind, type TestDatabase } from "../test/database";
import { createUser } from "../test/factories";
import { testConfig } from "../test/harness";
import { startWebhookReceiver } from "../test/webhook-receiver";
import { createWebhookSender, WEBHOOK_LEASE_MS } from "./webhook-sender";

const TOTAL = 50;
const ANSWERED_BEFORE_KILL = 20;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

const dirs: string[] = [];
let testDb: TestDatabase | undefined;
afterAll(async () => {
  await testDb?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function until(condition: () => boolean, what: string, details: () => string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${details()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a webhook sender killed mid-delivery", () => {
  it("loses nothing: what it left is sent again after the lease, with the same webhook-ids", { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "opencall-webhook-crash-"));
    dirs.push(dataDir);
    const openShared = async (): Promise<Database> =>
      testDb ? openDatabase({ url: testDb.url, poolSize: 2 }) : openDatabase({ dataDir: path.join(dataDir, "pglite") });
    const dbEnv: Record<string, string> = { DATA_DIR: dataDir };
    if (testDbKind() === "pg") {
      testDb = await createTestDatabase("pg");
      await testDb.database.close();
      dbEnv.DATABASE_URL = testDb.url!;
    }
    const answered = new Map<string, number>();
    let holding = true;
    const receiver = await startWebhookReceiver((request) => {
      const id = String(request.headers["webhook-id"]);
      if (holding && [...answered.values()].reduce((a, b) => a + b, 0) >= ANSWERED_BEFORE_KILL) return "hang";
      answered.set(id, (answered.get(id) ?? 0) + 1);
      return 204;
    });

    let database = await openShared();
    await database.migrate();
    const maker = await createUser(database.db, { role: "admin" });
    const [endpoint] = await database.db
      .insert(webhookEndpoints)
      .values({
        url: receiver.url,
        events: ["registration.erased"],
        permissions: [],
        secret: "whsec_c2VjcmV0LWZvci1jcmFzaA==",
        userId: maker.id,
      })
      .returning();
    await database.db.insert(webhookDeliveries).values(
      Array.from({ length: TOTAL }, () => {
        const registrationId = randomUUID();
        return {
          endpointId: endpoint!.id,
          eventType: "registration.erased",
          subjectId: registrationId,
          data: { registrationId },
        };
      }),
    );
    await database.close();

    const child = spawn(process.execPath, ["--import", "tsx", "src/server/worker.ts"], {
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", ...dbEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    // Killed once 20 are answered and the next ones are held: sent, never answered.
    await until(
      () => receiver.received.length > ANSWERED_BEFORE_KILL,
      "deliveries held past the first 20",
      () => output,
    );
    await new Promise((r) => setTimeout(r, 300)); // let the first 20 outcomes be recorded
    child.kill("SIGKILL");
    expect(await exit).toBeNull();

    database = await openShared();
    const midway = await database.db.select().from(webhookDeliveries);
    expect(midway.filter((row) => row.status === "sending").length).toBeGreaterThan(0);
    holding = false;
    const later = new Date(Date.now() + WEBHOOK_LEASE_MS + 1000);
    const sender = createWebhookSender({ db: database.db, config: testConfig(), log: quiet, clock: () => later });
    await sender.runOnce();
    const after = await database.db.select().from(webhookDeliveries);
    await database.close();
    await receiver.close();

    expect(after.filter((row) => row.status !== "delivered")).toEqual([]);
    expect(new Set(answered.keys())).toEqual(new Set(after.map((row) => row.messageId)));
    expect([...answered.values()].filter((n) => n !== 1)).toEqual([]);
    // The held ones reached the receiver twice (the dead worker's attempt, then the new one), same id.
    const held = receiver.received.filter((got) => (answered.get(String(got.headers["webhook-id"])) ?? 0) > 0);
    expect(held.length).toBeGreaterThan(TOTAL);
  });
});
