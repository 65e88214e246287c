/**
 * The webhook sender (issue 37; ADR 023): claims due deliveries, builds each payload as its
 * endpoint may see it, signs it with the endpoint's secret (Standard Webhooks, with the previous
 * secret alongside during a rotation's overlap), POSTs it, and records the outcome. Runs in every
 * server process and in `npm run worker`; any number share one database (SKIP LOCKED claims, and
 * an expired lease hands a dead worker's delivery to another). At least once: a delivery whose
 * outcome could not be recorded is sent again, with the same `webhook-id`.
 */
import { isLanguage } from "@common/i18n";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { createSemaphore } from "../lib/semaphore";
import { enqueueEmails } from "../mail/outbox";
import { sessionUserOf } from "../modules/accounts/session.resolver";
import { createAuthenticRepository } from "../modules/authentic/authentic.repository";
import { createDeliveriesRepository, type ClaimedDelivery } from "../modules/webhooks/webhooks.deliveries";
import { webhookDisabledEmail } from "../modules/webhooks/webhooks.emails";
import { buildPayload, type EndpointCaller } from "../modules/webhooks/webhooks.payload";
import { policyOf } from "../modules/webhooks/webhooks.address";
import { attemptDelivery, WEBHOOK_TIMEOUT_MS, type AttemptResult } from "../modules/webhooks/webhooks.send";
import { createPeriodicJob } from "./periodic";
import type { WorkerLogger } from "./outbox-worker";

/** Far longer than an attempt can take (its deadline, redirects included). */
export const WEBHOOK_LEASE_MS = 6 * WEBHOOK_TIMEOUT_MS;

export interface WebhookSenderOptions {
  db: Db;
  config: Pick<Config, "publicUrl" | "isProduction" | "webhookAllowedHosts">;
  log: WorkerLogger;
  clock?: () => Date;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Attempts in flight at once: a slow receiver holds one of them, never the others. */
  concurrency?: number;
  leaseMs?: number;
  /** The HTTP attempt (tests shorten its deadline). */
  attempt?: typeof attemptDelivery;
}

export interface SenderPass {
  claimed: number;
  delivered: number;
  failed: number;
}

/** The signature header: one `v1,…` per live secret, space-separated. */
export function signatureHeaders(delivery: ClaimedDelivery, body: string, now: Date): Record<string, string> {
  const { secret, previousSecret, previousSecretUntil } = delivery.endpoint;
  const secrets = previousSecret && previousSecretUntil && previousSecretUntil > now ? [secret, previousSecret] : [secret];
  return {
    "webhook-id": delivery.messageId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": secrets.map((key) => new Webhook(key).sign(delivery.messageId, now, body)).join(" "),
  };
}

/** The e-mail to every admin when an endpoint is disabled, written by the transaction that disables it. */
async function tellAdmins(tx: Db, config: Pick<Config, "publicUrl">, delivery: ClaimedDelivery, error: string) {
  const admins = await createAuthenticRepository(tx).admins();
  const pageUrl = `${config.publicUrl}/dashboard/admin/webhooks`;
  await enqueueEmails(
    tx,
    admins.map((admin) => ({
      kind: "webhook_disabled" as const,
      to: admin.email,
      ...webhookDisabledEmail(isLanguage(admin.language) ? admin.language : "es-AR", {
        url: delivery.endpoint.url,
        error,
        pageUrl,
      }),
    })),
  );
}

export function createWebhookSender(options: WebhookSenderOptions) {
  const { db, config, log } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 50;
  const leaseMs = options.leaseMs ?? WEBHOOK_LEASE_MS;
  const attempt = options.attempt ?? attemptDelivery;
  const repo = createDeliveriesRepository(db);
  const slots = createSemaphore(options.concurrency ?? 8);
  const policy = policyOf(config);

  async function callerOf(endpoint: ClaimedDelivery["endpoint"]): Promise<EndpointCaller | null> {
    const [account] = await db.select().from(users).where(eq(users.id, endpoint.userId));
    if (!account) return null;
    return { ...sessionUserOf(account), token: { id: endpoint.id, name: "webhook", permissions: endpoint.permissions } };
  }

  async function record(delivery: ClaimedDelivery, result: AttemptResult): Promise<void> {
    const at = clock();
    await db.transaction(async (tx) => {
      if (result.ok) {
        await repo.delivered(tx, delivery.id, delivery.endpoint.id, at, result.status!, result.durationMs);
        return;
      }
      const error = result.error ?? "failed";
      const ids = { id: delivery.id, attempts: delivery.attempts, endpointId: delivery.endpoint.id };
      const disabled = await repo.failed(tx, ids, at, { status: result.status, durationMs: result.durationMs, error });
      if (disabled) {
        log.warn({ endpoint: delivery.endpoint.id }, "webhook endpoint failing for a day: disabled, admins told");
        await tellAdmins(tx as unknown as Db, config, delivery, error);
      }
    });
  }

  async function deliver(delivery: ClaimedDelivery): Promise<boolean> {
    const caller = await callerOf(delivery.endpoint);
    if (!caller) return false; // its maker is gone, and with it (cascade) the endpoint
    const body = await buildPayload(db, config, caller, delivery);
    const headers = signatureHeaders(delivery, body, clock());
    const result = await attempt({ url: delivery.endpoint.url, body, headers, policy });
    await record(delivery, result);
    return result.ok;
  }

  async function drainOnce(): Promise<SenderPass> {
    const claimed = await repo.claim(clock(), leaseMs, batchSize);
    const outcomes = await Promise.all(
      claimed.map(async (delivery) => {
        const release = await slots.acquire();
        try {
          return await deliver(delivery);
        } catch (error) {
          // Left 'sending': after its lease another pass sends it again (same webhook-id).
          log.error({ err: error, delivery: delivery.id }, "webhook delivery could not be made or recorded");
          return false;
        } finally {
          release();
        }
      }),
    );
    const delivered = outcomes.filter(Boolean).length;
    return { claimed: claimed.length, delivered, failed: claimed.length - delivered };
  }

  /**
   * Batch after batch while any comes, so a backlog drains without waiting for the timer: a
   * subject's next event is claimable once the previous one is delivered, in the next batch.
   */
  let prunedAt = 0;
  async function pass(): Promise<SenderPass> {
    // Once an hour, the delivered rows past their keeping time go (any process may do it).
    if (clock().getTime() - prunedAt > 3600_000) {
      prunedAt = clock().getTime();
      await repo.prune(clock());
    }
    const total: SenderPass = { claimed: 0, delivered: 0, failed: 0 };
    for (;;) {
      const one = await drainOnce();
      total.claimed += one.claimed;
      total.delivered += one.delivered;
      total.failed += one.failed;
      if (one.claimed === 0) return total;
    }
  }

  const job = createPeriodicJob({ name: "webhooks", intervalMs: options.pollIntervalMs ?? 1000, log, pass });
  return { drainOnce, runOnce: pass, start: job.start, stop: job.stop };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
