/** What both processes (the server, main.ts, and the worker alone, worker.ts) do first, and last. */
import closeWithGrace from "close-with-grace";
import pino, { type LoggerOptions } from "pino";
import { ConfigError, loadConfig, loadEnvFile, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";

/**
 * The processes' log options: JSON lines (production) or pino-pretty's readable lines
 * (LOG_FORMAT=pretty, the default when NODE_ENV=development; pino-pretty is a development package).
 */
export function logOptions(config: Config): LoggerOptions {
  return {
    level: config.logLevel,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    ...(config.logFormat === "pretty"
      ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } }
      : {}),
  };
}

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

interface ShutdownLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * On SIGTERM or SIGINT (or an uncaught error), once: `stop` the process's work (finish in-flight
 * requests, record the outbox's sends in flight), then close the database, so that PGlite is never
 * left half-written, and exit 0. Past `timeoutMs` the database is closed all the same and the
 * process exits 1; so does it after an error. A second signal exits at once. Started by `npm start`
 * (scripts/start.mjs, which holds an IPC channel to this process), the end of that parent, even
 * killed outright, closes the channel: this process then shuts down as on SIGTERM.
 */
export function closeOnSignal(
  {
    log,
    timeoutMs,
    database,
    messages,
  }: {
    log: ShutdownLogger;
    timeoutMs: number;
    database: Database;
    messages: { stopping: string; stopped: string; timedOut: string };
  },
  stop: () => Promise<void>,
): void {
  let signalled = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => (signalled = true));
  if (process.channel) {
    process.channel.unref(); // the channel alone does not keep the process running
    process.once("disconnect", () => {
      if (!signalled) process.kill(process.pid, "SIGTERM");
    });
  }
  closeWithGrace(
    { delay: false, logger: { error: (message: unknown) => log.error({ err: message }, "error during shutdown") } },
    async ({ signal, err }) => {
      if (err) log.error({ err }, "uncaught error: shutting down");
      log.info({ signal }, messages.stopping);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)));
      const late = await Promise.race([stop().then(() => false), timedOut]).finally(() => clearTimeout(timer));
      if (late) log.error({}, messages.timedOut);
      await database.close();
      if (late) throw new Error(messages.timedOut);
      log.info({}, messages.stopped);
    },
  );
}

/**
 * Writes `text` to the console after every line `log` has taken so far: through the log's own
 * stream, as pino writes asynchronously (text written to stdout directly comes out before them).
 */
export function writeAfterLog(log: object, text: string): void {
  const stream = (log as Record<symbol, { write?: (chunk: string) => unknown } | undefined>)[pino.symbols.streamSym];
  if (stream?.write) stream.write(text);
  else process.stdout.write(text);
}
