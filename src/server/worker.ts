/**
 * `npm run worker`: the outbox worker alone, for deployments with several app processes on one
 * PostgreSQL (each server process also runs one; any number may run side by side). On SIGTERM or
 * SIGINT it finishes and records the sends in flight, then closes the database.
 */
import pino from "pino";
import { createOutboxWorker } from "./jobs/outbox-worker";
import { openMigratedDatabase, readConfig } from "./startup";

async function main(): Promise<void> {
  const config = readConfig();
  const log = pino({ level: config.logLevel });
  const database = await openMigratedDatabase(config);
  log.info({ database: database.kind }, "database migrated");
  const worker = createOutboxWorker({ db: database.db, config, log });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "outbox worker stopping: finishing the sends in flight");
    const timer = setTimeout(() => {
      log.error("outbox worker stop timed out; messages still sending are re-sent after their lease");
      void database.close().finally(() => process.exit(1));
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await worker.stop();
      await database.close();
      log.info("outbox worker stopped cleanly");
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "error while stopping the outbox worker");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  worker.start();
}

main().catch((error: unknown) => {
  process.stderr.write(`OpenCall worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
