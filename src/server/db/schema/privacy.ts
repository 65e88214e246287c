/**
 * Personal data (issue 18, ADR 016): the agency's privacy notice, versioned; the retention settings;
 * and the audit trail of staff access to personal data, append-only (a trigger refuses UPDATE and
 * DELETE, migration 0011).
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** Each publication is a new row: a registration names the version the person read. */
export const privacyNotices = pgTable("privacy_notices", {
  version: integer("version").primaryKey(),
  textEs: text("text_es").notNull(),
  textEn: text("text_en").notNull(),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  publishedBy: text("published_by").references(() => users.id, { onDelete: "set null" }),
});

/** One row (id = true): how long personal data is kept. */
export const privacySettings = pgTable(
  "privacy_settings",
  {
    id: boolean("id").primaryKey().default(true),
    /** Registrants not selected are erased this many months after their event. */
    retentionMonths: integer("retention_months").notNull().default(12),
    /** Sent outbox rows are deleted this many days after they were sent. */
    outboxRetentionDays: integer("outbox_retention_days").notNull().default(90),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("privacy_settings_single_row", sql`${t.id}`),
    check("privacy_settings_retention_months_check", sql`${t.retentionMonths} between 1 and 120`),
    check("privacy_settings_outbox_days_check", sql`${t.outboxRetentionDays} between 1 and 3650`),
  ],
);

/**
 * Who did what to whose personal data. Ids and non-personal details only: an erased person's
 * rows stay, and must not hold their name, e-mail or phone. No foreign keys, so that deleting a
 * user, an event or a registration never touches the trail.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff user; null for the system (retention) or the person themself (public erasure). */
    actorId: text("actor_id"),
    actorRole: text("actor_role"),
    /** The API token the actor acted through (its name when it acted; issue 37); null: a session. */
    actorToken: text("actor_token"),
    /** The door pass the actor acted through (its name when it acted; issue 35); null otherwise. */
    actorPass: text("actor_pass"),
    action: text("action").notNull(),
    registrationId: uuid("registration_id"),
    userId: text("user_id"),
    eventId: uuid("event_id"),
    ip: text("ip"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Set on a row recorded at most once per key (a person's photos viewed by one staff member in
     * one hour, issue 32): the unique index keeps the second, concurrent or later, from being written.
     */
    dedupeKey: text("dedupe_key"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.at.desc()),
    index("audit_log_registration_idx").on(t.registrationId),
    uniqueIndex("audit_log_dedupe_key_idx").on(t.dedupeKey),
  ],
);
