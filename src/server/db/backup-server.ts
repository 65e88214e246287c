/**
 * The running server's side of `npm run backup` on PGlite: it writes its pid to DATA_DIR/server.pid,
 * and when the backup command leaves a request (DATA_DIR/backup-request, naming the file to write),
 * it takes the request and writes its database's dump there. Polled twice a second: a signal would
 * do, but every usable one already means "shut down" (close-with-grace) or "debug" (SIGUSR1).
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { Database } from "./database";
import { backupRequestFile, serverPidFile, writeBackup } from "./backup";

interface BackupLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const BACKUP_POLL_MS = 500;

/** Starts answering backup requests; the returned function stops and removes the pid file. */
export function serveBackups(database: Database, dataDir: string, log: BackupLogger): () => void {
  const pidFile = serverPidFile(dataDir);
  const requestFile = backupRequestFile(dataDir);
  writeFileSync(pidFile, String(process.pid));
  let busy = false;
  const check = async () => {
    if (busy || !existsSync(requestFile)) return;
    busy = true;
    let target: string | undefined;
    try {
      const taken = `${requestFile}.taken`;
      renameSync(requestFile, taken);
      target = readFileSync(taken, "utf8").trim();
      rmSync(taken, { force: true });
      if (!target) return;
      await writeBackup(database, target);
      log.info({ file: target }, "backup written");
    } catch (error) {
      log.error({ err: error, file: target }, "backup failed");
      if (target) writeFileSync(`${target}.failed`, error instanceof Error ? error.message : String(error));
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void check(), BACKUP_POLL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    rmSync(pidFile, { force: true });
  };
}
