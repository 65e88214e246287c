/**
 * Webhook endpoints (issue 37; docs/integrations.md): registered by an admin holding the payload's
 * capabilities, their secret shown once, checked against SSRF when registered (and again at every
 * sending: webhooks.send.ts), turned off and on, given a new secret with a day of overlap. Every
 * change is audited.
 */
import { randomBytes } from "node:crypto";
import { callerHolds, type Capability } from "@common/permissions";
import {
  WEBHOOK_SECRET_PREFIX,
  type CreatedWebhook,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type Webhook,
  type WebhookDelivery,
} from "@common/schemas/webhooks";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { WebhookDeliveryRow } from "../../db/schema";
import type { SessionUser } from "../accounts/session.resolver";
import { recordAuditOf, type AuditContext } from "../audit/audit.record";
import { tokenErrors } from "../tokens/tokens.errors";
import { AddressNotAllowed, checkResolved, policyOf } from "./webhooks.address";
import { webhookErrors } from "./webhooks.errors";
import { createWebhooksRepository } from "./webhooks.repository";

/** How long the secret before a rotation keeps signing alongside the new one. */
export const SECRET_OVERLAP_MS = 24 * 3600_000;

type EndpointRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createWebhooksRepository>["find"]>>>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

const toApi = (row: EndpointRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  permissions: row.permissions,
  enabled: row.enabled,
  disabledReason: row.disabledReason as Webhook["disabledReason"],
  failingSince: iso(row.failingSince),
  previousSecretUntil: iso(row.previousSecretUntil),
  createdAt: row.createdAt.toISOString(),
  createdBy: { id: row.createdById, name: row.createdByName },
  pending: row.pending,
});

const deliveryToApi = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  messageId: row.messageId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  occurredAt: row.occurredAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
  responseStatus: row.responseStatus,
  durationMs: row.durationMs,
  lastError: row.lastError,
  deliveredAt: iso(row.deliveredAt),
});

/** The address, when a webhook may be sent there (webhooks.address.ts); refused with the reason otherwise. */
async function allowedUrlFor(config: Pick<Config, "isProduction" | "webhookAllowedHosts">, url: string): Promise<string> {
  try {
    await checkResolved(new URL(url), policyOf(config));
    return url;
  } catch (error) {
    if (error instanceof AddressNotAllowed) throw webhookErrors.urlNotAllowed(error.reason);
    throw error;
  }
}

/** The payloads' capabilities must be the maker's own. */
function heldBy(maker: SessionUser, permissions: readonly string[]): void {
  const notHeld = permissions.filter((name) => !callerHolds(maker, name as Capability));
  if (notHeld.length > 0) throw tokenErrors.permissionNotHeld(notHeld);
}

/** An admin's on/off switch: turned on, the failing streak is forgotten and what waited is sent. */
function toggled(enabled: boolean | undefined, current: { enabled: boolean }) {
  if (enabled === undefined || enabled === current.enabled) return {};
  return enabled ? { enabled: true, disabledReason: null, failingSince: null } : { enabled: false, disabledReason: "admin" };
}

const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString("base64")}`;

export function createWebhooksService({ db, config }: { db: Db; config: Pick<Config, "isProduction" | "webhookAllowedHosts"> }) {
  const repo = createWebhooksRepository(db);

  const allowedUrl = (url: string) => allowedUrlFor(config, url);

  async function found(id: string): Promise<Webhook> {
    const row = await repo.find(id);
    if (!row) throw webhookErrors.notFound();
    return toApi(row);
  }

  return {
    list: async (): Promise<{ items: Webhook[] }> => ({ items: (await repo.list()).map(toApi) }),

    async create(maker: SessionUser, input: CreateWebhookInput, audit: AuditContext): Promise<CreatedWebhook> {
      heldBy(maker, input.permissions);
      const url = await allowedUrl(input.url);
      const secret = newSecret();
      const id = await db.transaction(async (tx) => {
        const created = await repo.insert(
          { url, events: input.events, permissions: input.permissions, secret, userId: maker.id },
          tx,
        );
        await recordAuditOf(tx, audit, {
          action: "webhook.create",
          details: { webhook: url, events: input.events, permissions: input.permissions },
        });
        return created;
      });
      return { ...(await found(id)), secret };
    },

    async update(editor: SessionUser, id: string, patch: UpdateWebhookInput, audit: AuditContext): Promise<Webhook> {
      if (patch.permissions) heldBy(editor, patch.permissions);
      const url = patch.url === undefined ? undefined : await allowedUrl(patch.url);
      await db.transaction(async (tx) => {
        const current = await repo.lock(id, tx);
        if (!current) throw webhookErrors.notFound();
        const values = { url, events: patch.events, permissions: patch.permissions, ...toggled(patch.enabled, current) };
        await repo.update(id, values, tx);
        await recordAuditOf(tx, audit, {
          action: "webhook.update",
          details: { webhook: url ?? current.url, ...patch, ...(url ? { url } : {}) },
        });
      });
      return found(id);
    },

    async remove(id: string, audit: AuditContext): Promise<void> {
      await db.transaction(async (tx) => {
        const url = await repo.remove(id, tx);
        if (url === undefined) throw webhookErrors.notFound();
        await recordAuditOf(tx, audit, { action: "webhook.delete", details: { webhook: url } });
      });
    },

    async rotateSecret(id: string, audit: AuditContext, now = new Date()) {
      const secret = newSecret();
      const previousSecretUntil = new Date(now.getTime() + SECRET_OVERLAP_MS);
      await db.transaction(async (tx) => {
        const current = await repo.lock(id, tx);
        if (!current) throw webhookErrors.notFound();
        await repo.update(id, { secret, previousSecret: current.secret, previousSecretUntil }, tx);
        await recordAuditOf(tx, audit, { action: "webhook.rotate_secret", details: { webhook: current.url } });
      });
      return { secret, previousSecretUntil: previousSecretUntil.toISOString() };
    },

    async deliveries(id: string, query: { before?: number | undefined; limit: number }) {
      await found(id);
      return { items: (await repo.deliveries(id, query)).map(deliveryToApi) };
    },

    async resend(id: string, deliveryId: number, now = new Date()): Promise<WebhookDelivery> {
      await found(id);
      const row = await repo.resend(id, deliveryId, now);
      if (!row) throw webhookErrors.deliveryNotFound();
      return deliveryToApi(row);
    },
  };
}
