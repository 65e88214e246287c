/**
 * The process: read the configuration, open and migrate the database, build the app, listen,
 * and shut down gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, stop
 * background work, close the database so PGlite is never left half-written).
 */
import { fileURLToPath } from "node:url";
import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig, loadEnvFile, type Config } from "./config";
import { openDatabase } from "./db/client";
import { ensureSuperadmin } from "./modules/accounts/bootstrap";

function readConfig(): Config {
  try {
    loadEnvFile();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`\nOpenCall cannot start. ${error.message}\n\nSee .env.example for every variable.\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  await database.migrate();
  log.info({ database: database.kind }, "database migrated");

  const builtWeb = import.meta.url.includes("/dist/server/");
  const app = await buildApp({
    config,
    database,
    webRoot: builtWeb ? fileURLToPath(new URL("../web", import.meta.url)) : undefined,
  });
  await ensureSuperadmin(database.db, config, app.log);

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
}

main().catch((error: unknown) => {
  process.stderr.write(`OpenCall failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
