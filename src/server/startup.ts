/** What both processes (the server, main.ts, and the worker alone, worker.ts) do first. */
import { ConfigError, loadConfig, loadEnvFile, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";

/** Reads `.env` and the environment; a wrong value ends the process with a readable list. */
export function readConfig(): Config {
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

/** Opens (PostgreSQL, or PGlite under DATA_DIR) and migrates the database. */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  await database.migrate();
  return database;
}
