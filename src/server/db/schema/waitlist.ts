/**
 * The waiting list (issue 19; ADR 017): people waiting for a spot in a full slot, in line by
 * (created_at, id). A freed spot is offered to the first one waiting (status 'offered', held until
 * offer_expires_at: the slot's held_count counts it against the capacity); accepting turns the
 * entry into a registration.
 */
import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { LANGUAGES } from "@common/i18n/languages";
import type { RegistrantValues } from "@common/registrant/fields";
import type { GuardianStatus } from "@common/constants";

/** A waiting-list entry's consent (ADR 016), its time as JSON holds it. */
export interface StoredConsent {
  privacyNoticeVersion: number;
  consentedAt: string;
  consentDataProcessing: boolean;
  consentPhotoScouting: boolean;
  /** Issue 36; absent in entries made before it was asked. */
  consentClientSharing?: boolean;
  guardianName: string | null;
  guardianEmail: string | null;
  guardianStatus: GuardianStatus;
}
import type { PhotoKind } from "@common/photos";
import { createdAt, updatedAt } from "./columns";
import { eventTimeslots } from "./events";
import { modelRegistrations } from "./registrations";

export const WAITLIST_STATUSES = ["waiting", "offered", "accepted", "declined", "expired", "removed"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id").notNull(),
    timeslotId: uuid("timeslot_id").notNull(),
    /** Always stored trimmed and lower-cased; kept out of `registrant` for the uniqueness and the e-mails. */
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    /**
     * Every registrant field as the public form validated it (@common/registrant/fields): copied into
     * the registration on acceptance, so a field added to the registrant travels without a column here.
     */
    registrant: jsonb("registrant").$type<RegistrantValues>().notNull(),
    /** The photos uploaded with the request, by kind (their rows name this entry: photos.waitlist_entry_id). */
    photos: jsonb("photos").$type<Partial<Record<PhotoKind, string>>>().notNull().default({}),
    /** Where the person came from (issue 38: a tracked link's slug or utm_source), carried into the registration. */
    source: text("source"),
    language: text("language", { enum: LANGUAGES }).notNull().default("es-AR"),
    /** The consent and guardian answers given with the form (issue 18), copied into the registration on acceptance. */
    consent: jsonb("consent").$type<StoredConsent>(),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    /** The address proven by the link of the e-mail that confirmed the place in line (or by accepting an offer). */
    emailVerified: boolean("email_verified").notNull().default(false),
    /** SHA-256 of the token of the entry's link (the e-mail that confirms the place in line). */
    tokenHash: text("token_hash").notNull().unique(),
    /** SHA-256 of the token of the current offer's link; a new offer gets a new token. */
    offerTokenHash: text("offer_token_hash").unique(),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    /** The registration an accepted offer became. */
    registrationId: uuid("registration_id").references(() => modelRegistrations.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "waitlist_entries_status_check",
      sql`${t.status} in ('waiting', 'offered', 'accepted', 'declined', 'expired', 'removed')`,
    ),
    check("waitlist_entries_offer_check", sql`${t.status} <> 'offered' or ${t.offerExpiresAt} is not null`),
    check("waitlist_entries_language_check", sql`${t.language} in ('es-AR', 'en')`),
    // One place in line per e-mail and event (and, by the triggers of migration 0010, never while registered).
    uniqueIndex("waitlist_entries_event_email_uq")
      .on(t.eventId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    // The line of a slot, first come first served.
    index("waitlist_entries_line_idx")
      .on(t.timeslotId, t.createdAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    // The expiry scan.
    index("waitlist_entries_offer_expiry_idx")
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    index("waitlist_entries_event_idx").on(t.eventId, t.createdAt),
    foreignKey({
      name: "waitlist_entries_timeslot_event_fk",
      columns: [t.timeslotId, t.eventId],
      foreignColumns: [eventTimeslots.id, eventTimeslots.eventId],
    }).onDelete("cascade"),
  ],
);
