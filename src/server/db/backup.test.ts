/**
 * PGlite backups: `npm run backup` while the server runs (the server writes the copy), the data
 * wiped, `npm run restore`, and everything is back: registrations, their photos' rows, the outbox, the rest.
 * PGlite only (PostgreSQL is backed up with pg_dump, docs/deploy.md).
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createEvent, createRegistration } from "../test/factories";
import { enqueueMany } from "../test/outbox";
import { testDbKind } from "../test/database";
import { freePort } from "../test/smtp";
import { openDatabase, rowsOf, type Database } from "./client";
import { photos } from "./schema";
import { restoreBackup, writeBackup } from "./backup";

/** Runs scripts/backup.ts without blocking this process (which reads the server's output meanwhile). */
function backupCommand(args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "scripts/backup.ts", ...args], { cwd, env }, (error, stdout, stderr) =>
      resolve({ status: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "opencall-backup-"));
  dirs.push(dir);
  return dir;
};

async function counts(database: Database) {
  const [row] = rowsOf<{ events: number; registrations: number; photos: number; outbox: number; migrations: number }>(
    await database.db.execute(sql`select
      (select count(*)::int from scouting_events) as events,
      (select count(*)::int from model_registrations) as registrations,
      (select count(*)::int from photos where registration_id is not null) as photos,
      (select count(*)::int from outbox_messages) as outbox,
      (select count(*)::int from drizzle.__drizzle_migrations) as migrations`),
  );
  return row!;
}

async function fill(database: Database, registrations: number) {
  const event = await createEvent(database.db, { timeslots: [{ capacity: 1000 }] });
  for (let i = 0; i < registrations; i++) {
    const registration = await createRegistration(database.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    // A photo's row (its files live in the object store, which a database backup does not hold).
    await database.db.insert(photos).values({
      eventId: event.id,
      kind: "face",
      registrationId: registration.id,
      largeKey: `photos/${registration.id}/face-large.jpg`,
      thumbKey: `photos/${registration.id}/face-thumb.jpg`,
      width: 1500,
      height: 2000,
      largeBytes: 400_000,
      thumbBytes: 20_000,
    });
  }
  await enqueueMany(database.db, registrations);
}

describe.runIf(testDbKind() === "pglite")("PGlite backups", () => {
  it(
    "copies a database in use, and a restore after a wipe gives back exactly what the copy held",
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(tempDir(), "pglite");
      let database = await openDatabase({ dataDir });
      await database.migrate();
      await fill(database, 20);
      const before = await counts(database);
      const file = path.join(tempDir(), "backup.tar.gz");
      // Writes keep coming while the copy is taken: the copy holds a consistent state, whole rows only.
      let writing = true;
      const writer = (async () => {
        while (writing) await fill(database, 1);
      })();
      await writeBackup(database, file);
      writing = false;
      await writer;
      await database.close();

      rmSync(dataDir, { recursive: true, force: true });
      await restoreBackup(file, dataDir);
      database = await openDatabase({ dataDir });
      const after = await counts(database);
      expect(after.migrations).toBe(before.migrations);
      expect(after.events).toBeGreaterThanOrEqual(before.events);
      // Each fill writes an event, its registrations, then as many messages: a copy mid-fill has at most one fill half done.
      expect(after.registrations - before.registrations).toBeGreaterThanOrEqual(0);
      expect(after.outbox).toBeGreaterThanOrEqual(before.outbox);
      expect(after.registrations - after.outbox).toBeLessThanOrEqual(1);
      expect(after.photos).toBeGreaterThanOrEqual(before.photos);
      expect(after.registrations - after.photos).toBeLessThanOrEqual(1);
      expect(await database.pendingMigrations()).toBe(0);
      await database.close();
    },
  );

  it(
    "npm run backup asks the running server for the copy; npm run restore puts it back after a wipe",
    { timeout: 180_000 },
    async () => {
      const dataDir = tempDir();
      const pgliteDir = path.join(dataDir, "pglite");
      const root = path.resolve(import.meta.dirname, "../../..");
      const env = {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? dataDir,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        NODE_ENV: "development",
        LOG_FORMAT: "json",
        LOG_LEVEL: "info",
      };
      const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
        cwd: root,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
      try {
        const deadline = Date.now() + 120_000;
        while (!output.includes("OpenCall is ready")) {
          if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const ready = await fetch(`http://127.0.0.1:${env.PORT}/api/ready`);
        expect(ready.status).toBe(200);

        const file = path.join(dataDir, "backups", "copy.tar.gz");
        const backup = await backupCommand(["backup", file], root, env);
        expect(backup.stderr + backup.stdout).toContain("Backup written");
        expect(output).toContain("backup written");
        expect(existsSync(file)).toBe(true);

        // The restore refuses while the server runs.
        const refused = await backupCommand(["restore", file], root, env);
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain("the server is running");

        server.kill("SIGTERM");
        expect(await exited).toBe(0);
        // The superadmin the first start created is in the copy.
        rmSync(pgliteDir, { recursive: true, force: true });
        const restore = await backupCommand(["restore", file], root, env);
        expect(restore.status, restore.stderr).toBe(0);
        const database = await openDatabase({ dataDir: pgliteDir });
        const [row] = rowsOf<{ users: number }>(await database.db.execute(sql`select count(*)::int as users from users`));
        expect(row!.users).toBe(1);
        expect(await database.pendingMigrations()).toBe(0);
        await database.close();
        expect(readdirSync(dataDir)).not.toContain("server.pid");
      } finally {
        if (server.exitCode === null) server.kill("SIGKILL");
      }
    },
  );
});
