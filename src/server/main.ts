/**
 * The process: read the configuration, open and migrate the database, build the app, listen,
 * and shut down gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, stop
 * background work, close the database so PGlite is never left half-written).
 */
import { fileURLToPath } from "node:url";
import pino from "pino";
import { buildApp } from "./app";
import { createOutboxWorker } from "./jobs/outbox-worker";
import { createScheduler } from "./jobs/scheduler";
import { createWebhookSender } from "./jobs/webhook-sender";
import { createStorageSweeper } from "./jobs/storage-sweeper";
import { createRetentionJob } from "./modules/privacy/privacy.retention";
import { recordCampaignDeliveries } from "./modules/campaigns/campaigns.progress";
import { ensureSuperadmin, superadminNotice } from "./modules/accounts/superadmin.bootstrap";
import { closeOnSignal, logOptions, openMigratedDatabase, readConfig, writeAfterLog } from "./startup";
import { serveBackups } from "./db/backup-server";

async function main(): Promise<void> {
  const config = readConfig();
  const log = pino(logOptions(config));
  const database = await openMigratedDatabase(config);
  log.info({ database: database.kind }, "database migrated");

  const builtWeb = import.meta.url.includes("/dist/server/");
  const app = await buildApp({
    config,
    database,
    webRoot: builtWeb ? fileURLToPath(new URL("../web", import.meta.url)) : undefined,
    logger: logOptions(config),
    processMetrics: true,
    ssrEntry: builtWeb ? fileURLToPath(new URL("../ssr/entry-server.js", import.meta.url)) : undefined,
  });

  // PGlite: `npm run backup` asks this process (a request file) for a consistent copy while it runs.
  const stopBackups = database.kind === "pglite" ? serveBackups(database, config.dataDir, app.log) : () => {};

  // Created now, started once the server listens: buildApp never starts one (tests drive their own).
  const worker = createOutboxWorker({
    db: database.db,
    config,
    log: app.log,
    onDelivered: recordCampaignDeliveries,
    onPass: (result) => app.metrics.recordMail(result),
  });
  const sweeper = createStorageSweeper({ db: database.db, storage: app.ctx.storage, log: app.log });
  const scheduler = createScheduler({ db: database.db, config, log: app.log });
  const retention = createRetentionJob({ db: database.db, config, log: app.log });
  const webhooks = createWebhookSender({ db: database.db, config, log: app.log });
  closeOnSignal(
    {
      log: app.log,
      timeoutMs: config.shutdownTimeoutMs,
      database,
      messages: {
        stopping: "shutting down: finishing in-flight requests",
        stopped: "shut down cleanly",
        timedOut: "shutdown timed out; closing the database and exiting",
      },
    },
    async () => {
      await app.close();
      // Before the database closes: the sends in flight finish and their results are recorded.
      await worker.stop();
      await sweeper.stop();
      await scheduler.stop();
      await retention.stop();
      await webhooks.stop();
      stopBackups();
    },
  );

  await app.listen({ port: config.port, host: config.host });
  // Once the server listens: a start that fails before (a port in use) must not create the
  // superadmin and lose its generated password, which is printed once, below.
  const generatedSuperadmin = await ensureSuperadmin(database.db, config, app.log);
  app.log.info(`OpenCall is ready at ${config.publicUrl}`);
  worker.start();
  sweeper.start();
  scheduler.start();
  retention.start();
  webhooks.start();
  // Last, after the build's and the start's lines, where it is seen: a generated first password.
  if (generatedSuperadmin) writeAfterLog(app.log, superadminNotice(generatedSuperadmin, config.publicUrl));
}

main().catch((error: unknown) => {
  process.stderr.write(`OpenCall failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
