/**
 * The process: read the configuration, open and migrate the database, build the app, listen,
 * and shut down gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, stop
 * background work, close the database so PGlite is never left half-written).
 */
import { fileURLToPath } from "node:url";
import pino from "pino";
import { buildApp } from "./app";
import { createOutboxWorker } from "./jobs/outbox-worker";
import { ensureSuperadmin } from "./modules/accounts/bootstrap";
import { openMigratedDatabase, readConfig } from "./startup";

async function main(): Promise<void> {
  const config = readConfig();
  const log = pino({ level: config.logLevel });
  const database = await openMigratedDatabase(config);
  log.info({ database: database.kind }, "database migrated");

  const builtWeb = import.meta.url.includes("/dist/server/");
  const app = await buildApp({
    config,
    database,
    webRoot: builtWeb ? fileURLToPath(new URL("../web", import.meta.url)) : undefined,
  });
  await ensureSuperadmin(database.db, config, app.log);

  // Created now, started once the server listens: buildApp never starts one (tests drive their own).
  const worker = createOutboxWorker({ db: database.db, config, log: app.log });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out; closing the database and exiting");
      void database.close().finally(() => process.exit(1));
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      // Before the database closes: the sends in flight finish and their results are recorded.
      await worker.stop();
      await database.close();
      app.log.info("shut down cleanly");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`OpenCall is ready at ${config.publicUrl}`);
  worker.start();
}

main().catch((error: unknown) => {
  process.stderr.write(`OpenCall failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
