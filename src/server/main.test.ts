/**
 * The real process (src/server/main.ts under tsx): readable configuration errors, and a graceful
 * SIGTERM that lets an in-flight request finish and closes the database cleanly.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client";
import { users } from "./db/schema";
import { createTestDatabase, testDbKind, type TestDatabase } from "./test/database";

const TSX = ["--import", "tsx", "src/server/main.ts"];

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, TSX, {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, exit, output: () => output };
}

async function waitForOutput(output: () => string, text: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}" in:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dirs: string[] = [];
let testDb: TestDatabase | undefined;
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await testDb?.drop();
});

describe("the server process", () => {
  it("refuses to start on a wrong configuration value, naming the variable", async () => {
    const { exit, output } = run({ PORT: "eighty", STAFF_SIGNUP: "sometimes", DATA_DIR: "/tmp/opencall-never" });
    expect(await exit).toBe(78);
    expect(output()).toContain("OpenCall cannot start. Invalid configuration:");
    expect(output()).toContain('PORT: Invalid input: expected number, received NaN (got "eighty")');
    expect(output()).toMatch(/STAFF_SIGNUP: .*"open".*"closed"/);
    expect(output()).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("lets an in-flight request finish on SIGTERM, then closes the database cleanly", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "opencall-main-"));
    dirs.push(dataDir);
    const dbEnv: Record<string, string> = {};
    if (testDbKind() === "pg") {
      testDb = await createTestDatabase("pg");
      await testDb.database.close();
      dbEnv.DATABASE_URL = testDb.url!;
    }
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = run({
      PORT: String(port),
      DATA_DIR: dataDir,
      SUPERADMIN_EMAIL: "boss@agency.test",
      SUPERADMIN_PASSWORD: "a-long-enough-password",
      ...dbEnv,
    });
    await waitForOutput(server.output, "OpenCall is ready", 150_000); // a loaded CI machine takes its time

    // Start a request and keep its body half-sent while the server is told to stop.
    const body = JSON.stringify({ email: "boss@agency.test", password: "wrong-password-123" });
    const socket = connect(port, "127.0.0.1");
    let response = "";
    socket.on("data", (c: Buffer) => (response += c.toString()));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill("SIGTERM");
    await waitForOutput(server.output, "shutting down");

    // No new connections are accepted while it drains.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    socket.write(body.slice(10));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 401 /);
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain("shut down cleanly");

    if (testDbKind() === "pglite") {
      // The embedded database reopens intact.
      const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
      const [boss] = await database.db.select().from(users).where(eq(users.email, "boss@agency.test"));
      expect(boss?.role).toBe("superadmin");
      await database.close();
    }
  }, 180_000);

  it("prints a generated superadmin password last, after the ready line, framed; a start that cannot listen creates none", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "opencall-main-"));
    dirs.push(dataDir);
    const dbEnv: Record<string, string> = {};
    if (testDbKind() === "pg") {
      const fresh = await createTestDatabase("pg");
      await fresh.database.close();
      dbEnv.DATABASE_URL = fresh.url!;
      afterAll(() => fresh.drop());
    }
    // A first start that cannot listen (its port taken) creates no superadmin, whose password would be lost.
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const takenPort = (taken.address() as AddressInfo).port;
    const failed = run({ PORT: String(takenPort), DATA_DIR: dataDir, SUPERADMIN_EMAIL: "first@agency.test", ...dbEnv });
    expect(await failed.exit).not.toBe(0);
    taken.close();
    expect(failed.output()).not.toContain("superadmin created");
    const database = await openDatabase({ url: dbEnv.DATABASE_URL, dataDir: path.join(dataDir, "pglite") });
    expect(await database.db.select().from(users).where(eq(users.email, "first@agency.test"))).toEqual([]);
    await database.close();

    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = run({ PORT: String(port), DATA_DIR: dataDir, SUPERADMIN_EMAIL: "first@agency.test", ...dbEnv });
    await waitForOutput(server.output, "before the first start.", 150_000);
    await new Promise((r) => setTimeout(r, 300));
    const output = server.output();
    const ready = output.indexOf("OpenCall is ready");
    const notice = output.indexOf("| OpenCall superadmin created.");
    expect(ready).toBeGreaterThan(-1);
    expect(notice).toBeGreaterThan(ready);
    expect(output.slice(notice)).toMatch(/\| +Password: [\w-]{24} +\|/);
    expect(output.trimEnd().endsWith("+")).toBe(true); // nothing printed after the frame
    server.child.kill("SIGTERM");
    expect(await server.exit).toBe(0);
  }, 180_000);
});
