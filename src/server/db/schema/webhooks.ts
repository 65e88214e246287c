/**
 * Webhooks (issue 37): endpoints an admin registers, and one delivery row per event and endpoint,
 * written in the same transaction as the change (like the mail outbox) and sent by the workers
 * (src/server/jobs/webhook-sender.ts; ADR 023).
 */
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull(),
    /** The event types it wants (WEBHOOK_EVENTS). */
    events: text("events").array().notNull(),
    /** What its payloads may carry (capability names, a subset of its maker's): contacts, photos. */
    permissions: text("permissions").array().notNull(),
    /** The signing secret, `whsec_…` (Standard Webhooks): the receiver holds it too, so it is kept as is. */
    secret: text("secret").notNull(),
    /** The secret before the last rotation, signing alongside until `previous_secret_until`. */
    previousSecret: text("previous_secret"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    /** Why it was disabled: "failing" (a day of failures) or "admin"; null while enabled. */
    disabledReason: text("disabled_reason"),
    /** The first failure since its last success; null while it answers. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** Its maker: the payloads are what this account may see, and the endpoint goes with the account. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [check("webhook_endpoints_disabled_reason_check", sql`${t.disabledReason} in ('failing', 'admin')`)],
);

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "sending", "delivered"] as const;

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /**
     * The `webhook-id` header: the same on every attempt and resend, so a receiver drops repeats.
     * 128 random bits: no unique index (a random-keyed index costs every registration, ADR 023).
     */
    messageId: text("message_id")
      .notNull()
      .default(sql`('msg_' || replace(gen_random_uuid()::text, '-', ''))`),
    eventType: text("event_type").notNull(),
    /**
     * The registration (or waiting-list entry) the event is about: an endpoint's deliveries about
     * one subject go out in order. No foreign key: `registration.erased` outlives its registration.
     */
    subjectId: uuid("subject_id").notNull(),
    /** The event's own facts (ids, stages, slots); never personal data beyond them (ADR 023). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The receiver's HTTP status on the last attempt; null when it never answered. */
    responseStatus: smallint("response_status"),
    /** How long the last attempt took, in milliseconds. */
    durationMs: integer("duration_ms"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("webhook_deliveries_status_check", sql`${t.status} in ('pending', 'sending', 'delivered')`),
    // The sender's claim: the due rows, and for each the earlier undelivered ones of its subject
    // (the subject index serves an erasure's thinning and an endpoint's deliveries list too: each
    // index is one more write in every registration's statement, ADR 023).
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} <> 'delivered'`),
    index("webhook_deliveries_subject_idx").on(t.endpointId, t.subjectId, t.id),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
