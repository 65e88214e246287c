/**
 * Webhooks (issue 37; docs/integrations.md): an admin registers an endpoint for some event types;
 * each event is POSTed to it signed with its secret (the Standard Webhooks scheme). POST
 * /api/webhooks takes `createWebhookSchema` and answers the secret once.
 */
import { z } from "zod";
import { t } from "../i18n";
import type { Capability } from "../permissions";

export const WEBHOOK_EVENTS = [
  "registration.created",
  "registration.verified",
  "registration.cancelled",
  "registration.moved",
  "waitlist.offered",
  "checkin.created",
  "stage.changed",
  "callback.answered",
  "selection.favourited",
  "registration.erased",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * What an endpoint's payloads may carry: the registration (read), and in it the contacts and the
 * photos' URLs. Each must be held by the endpoint's maker.
 */
export const WEBHOOK_CAPABILITIES = ["registrations.read", "contacts.see", "photos.see"] as const satisfies readonly Capability[];

/** Every secret starts so (Standard Webhooks): base64 of 24 random bytes follows. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
export const WEBHOOK_URL_MAX = 2000;

const url = z
  .string({ error: () => t("integrations.errors.urlInvalid") })
  .trim()
  .max(WEBHOOK_URL_MAX, { error: () => t("integrations.errors.urlInvalid") })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: () => t("integrations.errors.urlInvalid"),
  });
const events = z
  .array(z.enum(WEBHOOK_EVENTS), { error: () => t("integrations.errors.eventsRequired") })
  .min(1, { error: () => t("integrations.errors.eventsRequired") })
  .transform((names) => [...new Set(names)]);
const permissions = z
  .array(z.enum(WEBHOOK_CAPABILITIES), { error: () => t("integrations.errors.permissionsRequired") })
  .transform((names) => [...new Set(names)]);

export const createWebhookSchema = z.object({
  url,
  events,
  /** Absent: the registration without contacts or photos ("read registrations"). */
  permissions: permissions.default(["registrations.read"]),
});

export const updateWebhookSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  permissions: permissions.optional(),
  /** false: nothing more is sent nor recorded for it; true: sends what waited, in order. */
  enabled: z.boolean().optional(),
});

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  permissions: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it is disabled: a day of failures, or an admin; null while enabled. */
  disabledReason: z.enum(["failing", "admin"]).nullable(),
  /** Its first failure since it last answered; null while it answers. */
  failingSince: z.string().nullable(),
  /** Until when the secret before the last rotation still signs alongside; null when none does. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  /** Deliveries waiting to be sent (pending or being sent). */
  pending: z.number().int(),
});

export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export const webhookListSchema = z.object({ items: z.array(webhookSchema) });
export const rotatedSecretSchema = z.object({ secret: z.string(), previousSecretUntil: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(["pending", "sending", "delivered"]),
  attempts: z.number().int(),
  occurredAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });
export const deliveriesQuerySchema = z.object({
  /** Only the deliveries before this id (the next page of a long list). */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export type Webhook = z.infer<typeof webhookSchema>;
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;
