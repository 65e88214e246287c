/**
 * `npm run backup [-- file]`: a consistent copy of the embedded (PGlite) database, also while the
 * server runs (the server writes it: see src/server/db/backup-server.ts). Default file:
 * backups/opencall-<time>.tar.gz.
 * `npm run restore -- file`: puts a backup in place of DATA_DIR's database (the server stopped);
 * the database it replaces is kept beside it.
 * PostgreSQL (DATABASE_URL set): use pg_dump / pg_restore, see docs/deploy.md.
 */
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../src/server/db/client";
import { backupRequestFile, restoreBackup, runningServerPid, writeBackup } from "../src/server/db/backup";
import { readConfig } from "../src/server/startup";

const [mode, fileArgument] = process.argv.slice(2);
const config = readConfig();
if (config.databaseUrl) {
  console.error("DATABASE_URL is set: back PostgreSQL up with pg_dump and restore with pg_restore (docs/deploy.md).");
  process.exit(1);
}
const pgliteDir = path.join(config.dataDir, "pglite");
const stamp = new Date().toISOString().replace(/[:.]/g, "-");

async function backup(file: string): Promise<void> {
  if (runningServerPid(config.dataDir)) {
    // The running server has the database open: it writes the copy.
    rmSync(file, { force: true });
    rmSync(`${file}.failed`, { force: true });
    // Written whole, then renamed: the server never reads half a request.
    const request = backupRequestFile(config.dataDir);
    writeFileSync(`${request}.new`, file);
    renameSync(`${request}.new`, request);
    const deadline = Date.now() + 120_000;
    while (!existsSync(file)) {
      if (existsSync(`${file}.failed`)) throw new Error(`the server could not write the backup (see its log)`);
      if (Date.now() > deadline) throw new Error("the server did not write the backup within 2 minutes");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return;
  }
  if (!existsSync(pgliteDir)) throw new Error(`no database under ${pgliteDir}`);
  const database = await openDatabase({ dataDir: pgliteDir });
  try {
    await writeBackup(database, file);
  } finally {
    await database.close();
  }
}

try {
  if (mode === "backup") {
    const file = path.resolve(fileArgument ?? path.join("backups", `opencall-${stamp}.tar.gz`));
    await backup(file);
    console.log(`Backup written: ${file}`);
  } else if (mode === "restore") {
    if (!fileArgument) throw new Error("name the backup file: npm run restore -- backups/opencall-….tar.gz");
    if (runningServerPid(config.dataDir)) throw new Error("the server is running: stop it before restoring");
    const { replaced } = await restoreBackup(path.resolve(fileArgument), pgliteDir);
    console.log(
      `Restored ${fileArgument} into ${pgliteDir}.${replaced ? ` The database it replaced is kept in ${replaced}.` : ""}`,
    );
  } else {
    throw new Error("usage: tsx scripts/backup.ts backup [file] | restore file");
  }
} catch (error) {
  console.error(`OpenCall ${mode ?? "backup"} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
