/**
 * The one database schema (PGlite and PostgreSQL alike). Row types come from here ($inferSelect).
 * Auth tables follow better-auth's model; `users` doubles as the staff profile (SPEC.md §3 "profiles").
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------- staff accounts (better-auth)

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role", { enum: ["member", "admin", "superadmin"] }).notNull().default("member"),
    status: text("status", { enum: ["pending", "approved"] }).notNull().default("pending"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in ('member', 'admin', 'superadmin')`),
    check("users_status_check", sql`${t.status} in ('pending', 'approved')`),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId)],
);

/** Rate-limit counters live in the database so that several app processes share them. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------- scouting events

export const scoutingIdSequence = pgSequence("scouting_id_seq", { startWith: 1 });

export const scoutingEvents = pgTable(
  "scouting_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scoutingId: text("scouting_id").notNull().unique(),
    eventName: text("event_name").notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    location: text("location").notNull(),
    description: text("description").notNull().default(""),
    confirmationDetails: text("confirmation_details").notNull().default(""),
    status: text("status", { enum: ["active", "inactive"] }).notNull().default("active"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("scouting_events_status_check", sql`${t.status} in ('active', 'inactive')`),
    index("scouting_events_event_date_idx").on(t.eventDate),
  ],
);

export const eventTimeslots = pgTable(
  "event_timeslots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => scoutingEvents.id, { onDelete: "cascade" }),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    capacity: integer("capacity").notNull(),
    /**
     * Registrations held by the slot, kept by the database's triggers on model_registrations
     * (migration 0002), which also refuse any insert or move past the capacity: see
     * docs/decisions/007-slot-capacity-in-the-database.md. Never written by the application.
     */
    registeredCount: integer("registered_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("event_timeslots_capacity_check", sql`${t.capacity} >= 1`),
    index("event_timeslots_event_id_idx").on(t.eventId, t.startTime),
    // What a registration's foreign key names: its slot, of its event (migration 0004).
    unique("event_timeslots_id_event_id_unique").on(t.id, t.eventId),
  ],
);

// ---------------------------------------------------------------- model registrations

export const modelRegistrations = pgTable(
  "model_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Both in one foreign key (below): the slot, and that it is a slot of this event.
    eventId: uuid("event_id").notNull(),
    timeslotId: uuid("timeslot_id").notNull(),
    fullName: text("full_name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    age: integer("age").notNull(),
    location: text("location").notNull(),
    /** Always stored trimmed and lower-cased. */
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    height: integer("height").notNull(),
    bust: integer("bust"),
    waist: integer("waist"),
    hips: integer("hips"),
    eyeColor: text("eye_color"),
    instagramHandle: text("instagram_handle"),
    internationalWork: boolean("international_work").notNull().default(false),
    status: text("status", { enum: ["pending", "confirmed"] }).notNull().default("pending"),
    emailVerified: boolean("email_verified").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** SHA-256 of the verification token; the token itself is only ever in the e-mail. */
    emailVerificationTokenHash: text("email_verification_token_hash").unique(),
    emailVerificationExpiresAt: timestamp("email_verification_expires_at", { withTimezone: true }),
    /** SHA-256 of the success-page token (ARCHITECTURE.md: the opaque `e` parameter). */
    successTokenHash: text("success_token_hash").unique(),
    registrationCode: text("registration_code").notNull().unique(),
    confirmationCode: text("confirmation_code"),
    liked: boolean("liked").notNull().default(false),
    attended: boolean("attended").notNull().default(false),
    rating: smallint("rating"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What 'Buscar por nombre o email' searches, kept by PostgreSQL itself: lower() of every row at
     * query time cost more than the scan when a search matches most of an event (the count).
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`lower("full_name" || ' ' || "email")`),
  },
  (t) => [
    check("model_registrations_status_check", sql`${t.status} in ('pending', 'confirmed')`),
    check("model_registrations_rating_check", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    uniqueIndex("model_registrations_event_email_uq").on(t.eventId, sql`lower(${t.email})`),
    // The list's and the export's order, id included, so a page is read off the index in order and
    // stops at its last row instead of sorting every match.
    // (NULLS FIRST is what `order by … desc` means; an index in the other null order cannot serve it.)
    index("model_registrations_event_created_id_idx").on(t.eventId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's filters ('Seleccionadas', 'Asistieron', rating): a count of a broad search narrowed
    // by them reads only the matching rows (a bitmap scan) instead of every row of the event.
    index("model_registrations_event_review_idx").on(t.eventId, t.liked, t.attended, t.rating),
    // pg_trgm (migration 0001): 'contains' searches of three letters or more are served by the index.
    index("model_registrations_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("model_registrations_timeslot_idx").on(t.timeslotId),
    // One check per row instead of two, on the slot row the registration already locks: a rush no
    // longer share-locks the event's row from every transaction at once (migration 0004).
    foreignKey({
      name: "model_registrations_timeslot_event_fk",
      columns: [t.timeslotId, t.eventId],
      foreignColumns: [eventTimeslots.id, eventTimeslots.eventId],
    }).onDelete("restrict"),
  ],
);

// ---------------------------------------------------------------- e-mail

export const emailCampaigns = pgTable(
  "email_campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id").references(() => scoutingEvents.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    isHtml: boolean("is_html").notNull().default(false),
    status: text("status", { enum: ["in_progress", "completed", "partial", "failed"] })
      .notNull()
      .default("in_progress"),
    recipientCount: integer("recipient_count").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    check("email_campaigns_status_check", sql`${t.status} in ('in_progress', 'completed', 'partial', 'failed')`),
    index("email_campaigns_event_sent_idx").on(t.eventId, t.sentAt.desc()),
  ],
);

export const emailCampaignRecipients = pgTable(
  "email_campaign_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    registrationId: uuid("registration_id").references(() => modelRegistrations.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /** The registrant's name when the campaign was sent, kept if the registration is deleted. */
    fullName: text("full_name").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "read"] }).notNull().default("queued"),
    errorMessage: text("error_message"),
    /** SHA-256 of the per-recipient read-tracking token. */
    readTokenHash: text("read_token_hash").unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    check("email_campaign_recipients_status_check", sql`${t.status} in ('queued', 'sent', 'failed', 'read')`),
    index("email_campaign_recipients_campaign_idx").on(t.campaignId),
    index("email_campaign_recipients_registration_idx").on(t.registrationId),
  ],
);

/**
 * The durable outbox: every e-mail is a row written in the same transaction as the change
 * that causes it, and sent by the worker (src/server/jobs).
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Template name, e.g. "registration_verification". */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** Stable Message-ID, so a receiver can recognise a retry of the same message. */
    messageId: text("message_id").notNull().unique(),
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "undelivered"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    smtpResponse: text("smtp_response"),
    campaignRecipientId: uuid("campaign_recipient_id").references(() => emailCampaignRecipients.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "outbox_messages_status_check",
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'undelivered')`,
    ),
    index("outbox_messages_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("outbox_messages_created_idx").on(t.createdAt.desc()),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ScoutingEventRow = typeof scoutingEvents.$inferSelect;
export type EventTimeslotRow = typeof eventTimeslots.$inferSelect;
export type ModelRegistrationRow = typeof modelRegistrations.$inferSelect;
export type EmailCampaignRow = typeof emailCampaigns.$inferSelect;
export type EmailCampaignRecipientRow = typeof emailCampaignRecipients.$inferSelect;
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
