/**
 * Backups of the embedded database (PGlite): `npm run backup` / `npm run restore`
 * (scripts/backup.ts). A backup is PGlite's own dump of its data directory (a gzipped tar), taken
 * by the process that has the database open: the running server when there is one (asked through a
 * request file, see backup-server.ts), else the backup command itself. A restore loads a dump into a new data
 * directory and puts it in place of the old one, which is kept beside it. PostgreSQL: pg_dump and
 * pg_restore (docs/deploy.md).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Database } from "./database";

/** The server's process id while it has a PGlite database open under DATA_DIR. */
export const serverPidFile = (dataDir: string) => path.join(dataDir, "server.pid");
/** Where the backup command asks the running server to write its dump. */
export const backupRequestFile = (dataDir: string) => path.join(dataDir, "backup-request");

/** Writes `database`'s dump to `file` (through a temporary name: a half-written file is never taken for a backup). */
export async function writeBackup(database: Database, file: string): Promise<void> {
  if (!database.dump) throw new Error("this database is a PostgreSQL server: back it up with pg_dump (docs/deploy.md)");
  const blob = await database.dump();
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, file);
}

/**
 * Replaces the PGlite data directory `pgliteDir` with the dump in `file`. The directory it replaces
 * is kept as `<pgliteDir>.replaced-<time>`. The server must be stopped.
 */
export async function restoreBackup(file: string, pgliteDir: string): Promise<{ replaced: string | undefined }> {
  const incoming = `${pgliteDir}.restoring`;
  rmSync(incoming, { recursive: true, force: true });
  mkdirSync(incoming, { recursive: true });
  const client = await PGlite.create({
    dataDir: incoming,
    loadDataDir: new Blob([readFileSync(file)]),
    extensions: { pg_trgm },
  });
  // Opened once: the dump is a database that starts.
  await client.query("select 1");
  await client.close();
  let replaced: string | undefined;
  if (existsSync(pgliteDir)) {
    replaced = `${pgliteDir}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(pgliteDir, replaced);
  }
  renameSync(incoming, pgliteDir);
  return { replaced };
}

/** The live server's pid from the pid file, or undefined when none runs. */
export function runningServerPid(dataDir: string): number | undefined {
  const file = serverPidFile(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}
