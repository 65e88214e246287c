/**
 * `npm run worker`: the outbox worker alone, for deployments with several app processes on one
 * PostgreSQL (each server process also runs one; any number may run side by side). On SIGTERM or
 * SIGINT it finishes and records the sends in flight, then closes the database.
 */
import pino from "pino";
import { createOutboxWorker } from "./jobs/outbox-worker";
import { createScheduler } from "./jobs/scheduler";
import { createWebhookSender } from "./jobs/webhook-sender";
import { createStorageSweeper } from "./jobs/storage-sweeper";
import { loadServerCatalogue } from "./http/language";
import { createRetentionJob } from "./modules/privacy/privacy.retention";
import { createObjectStore } from "./storage/create-object-store";
import { createAgencyRepository } from "./modules/agency/agency.repository";
import { recordCampaignDeliveries } from "./modules/campaigns/campaigns.progress";
import { closeOnSignal, logOptions, openMigratedDatabase, readConfig } from "./startup";

async function main(): Promise<void> {
  const config = readConfig();
  // The scheduler writes e-mails (reminders, waiting-list offers) in each registrant's language:
  // without the catalogue they carried the messages' ids (scheduler.processes.test.ts).
  loadServerCatalogue();
  const log = pino(logOptions(config));
  const database = await openMigratedDatabase(config);
  log.info({ database: database.kind }, "database migrated");
  await createAgencyRepository(database.db).syncDefaults(config);
  const worker = createOutboxWorker({ db: database.db, config, log, onDelivered: recordCampaignDeliveries });

  const storage = createObjectStore(config.storage);
  const sweeper = createStorageSweeper({ db: database.db, storage, log });
  const scheduler = createScheduler({ db: database.db, config, log });
  const retention = createRetentionJob({ db: database.db, config, log });
  const webhooks = createWebhookSender({ db: database.db, config, log });
  closeOnSignal(
    {
      log,
      timeoutMs: config.shutdownTimeoutMs,
      database,
      messages: {
        stopping: "outbox worker stopping: finishing the sends in flight",
        stopped: "outbox worker stopped cleanly",
        timedOut: "outbox worker stop timed out; messages still sending are re-sent after their lease",
      },
    },
    async () => {
      await worker.stop();
      await sweeper.stop();
      await scheduler.stop();
      await retention.stop();
      await webhooks.stop();
      storage.close();
    },
  );

  worker.start();
  sweeper.start();
  scheduler.start();
  retention.start();
  webhooks.start();
}

main().catch((error: unknown) => {
  process.stderr.write(`OpenCall worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
