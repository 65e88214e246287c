/** Model registrations: one row per person and event. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { GUARDIAN_STATUSES, REGISTRATION_STAGES, REGISTRATION_STATUSES } from "@common/constants";
import { LANGUAGES } from "@common/i18n/languages";
import { createdAt, updatedAt } from "./columns";
import { users } from "./accounts";
import { eventTimeslots } from "./events";

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
    status: text("status", { enum: REGISTRATION_STATUSES }).notNull().default("pending"),
    /** When the spot was given up (status 'cancelled'); the row stays for staff, out of every count. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the reminder before the slot was queued (issue 19): set by the statement that queues it, so once. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** The calendar invite's SEQUENCE: raised by every move, so a calendar replaces the event. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    emailVerified: boolean("email_verified").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** SHA-256 of the verification token; the token itself is only ever in the e-mail. */
    emailVerificationTokenHash: text("email_verification_token_hash").unique(),
    emailVerificationExpiresAt: timestamp("email_verification_expires_at", { withTimezone: true }),
    /** SHA-256 of the success-page token (docs/architecture.md: the opaque `e` parameter). */
    successTokenHash: text("success_token_hash").unique(),
    registrationCode: text("registration_code").notNull().unique(),
    confirmationCode: text("confirmation_code"),
    liked: boolean("liked").notNull().default(false),
    attended: boolean("attended").notNull().default(false),
    /** The arrival at the door (issue 20): set once, by the first check-in; unticking 'Asistió' clears it. */
    attendedAt: timestamp("attended_at", { withTimezone: true }),
    /** Who checked the person in; kept null when that account is deleted. */
    checkedInBy: text("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    rating: smallint("rating"),
    /** The language the person registered in: their e-mails speak it. */
    language: text("language", { enum: LANGUAGES }).notNull().default("es-AR"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What 'Buscar por nombre o email' searches, kept by PostgreSQL itself: lower() of every row at
     * query time cost more than the scan when a search matches most of an event (the count).
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`lower("full_name" || ' ' || "email")`),
    /** The agency's decision (issue 23): admins move it, each move recorded in registration_stage_changes. */
    stage: text("stage", { enum: REGISTRATION_STAGES }).notNull().default("new"),
    /**
     * The furthest funnel stage the registration ever reached (FUNNEL_RANK: a shortlisted person
     * discarded since stays 1), raised with each stage move (panel.repository.ts): the insights count
     * it without reading the stage history, which cost a third of a 100,000-row event's reply.
     */
    funnelReached: smallint("funnel_reached").notNull().default(0),
    /**
     * The panel's scores (panel_scores) summed up, rewritten by the transaction that changes one
     * (panel.service.ts): the list shows, filters and sorts them without reading the scores.
     */
    panelCount: integer("panel_count").notNull().default(0),
    panelSum: integer("panel_sum").notNull().default(0),
    panelMin: smallint("panel_min"),
    panelMax: smallint("panel_max"),
    panelAverage: numeric("panel_average", { precision: 3, scale: 2, mode: "number" }).generatedAlwaysAs(
      sql`case when "panel_count" > 0 then round("panel_sum"::numeric / "panel_count", 2) end`,
    ),
    /** The same person across events (issue 23): the phone's last ten digits, the name as compared. */
    phoneKey: text("phone_key")
      .notNull()
      .generatedAlwaysAs(sql`right(regexp_replace("phone_number", '[^0-9]', '', 'g'), 10)`),
    nameKey: text("name_key")
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(btrim("full_name"), '[[:space:]]+', ' ', 'g'))`),
    // Consent and the guardian (issue 18, ADR 016): which notice the person read, when they agreed, and
    // to what; for 16- and 17-year-olds the guardian who approves (or refuses) the registration.
    privacyNoticeVersion: integer("privacy_notice_version"),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    consentDataProcessing: boolean("consent_data_processing").notNull().default(false),
    consentPhotoScouting: boolean("consent_photo_scouting").notNull().default(false),
    guardianName: text("guardian_name"),
    guardianEmail: text("guardian_email"),
    guardianStatus: text("guardian_status", { enum: GUARDIAN_STATUSES }).notNull().default("not_required"),
    guardianDecidedAt: timestamp("guardian_decided_at", { withTimezone: true }),
    /**
     * Agreed to be shown to the agency's clients (issue 36): optional, given with the form or later
     * from the manage page, withdrawn there too; when it was last given. A minor's counts once the
     * guardian approved after it (selections.eligibility.ts).
     */
    consentClientSharing: boolean("consent_client_sharing").notNull().default(false),
    consentClientSharingAt: timestamp("consent_client_sharing_at", { withTimezone: true }),
    /** Staff asked to keep this person past the retention period (issue 18). */
    retentionKeep: boolean("retention_keep").notNull().default(false),
    /**
     * Where the person came from (issue 38): a tracked link's slug, or the visit's `utm_source`; null
     * when neither. First-party, stored with the registration and erased with it.
     */
    source: text("source"),
    /** Registered at the door from the walk-in poster (issue 35): checked in at once, counted against the day's cap. */
    walkIn: boolean("walk_in").notNull().default(false),
  },
  (t) => [
    check("model_registrations_status_check", sql`${t.status} in ('pending', 'confirmed', 'cancelled')`),
    check("model_registrations_cancelled_at_check", sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check("model_registrations_rating_check", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check("model_registrations_language_check", sql`${t.language} in ('es-AR', 'en')`),
    // One live registration per e-mail and event: a person who cancelled may register again.
    uniqueIndex("model_registrations_event_email_uq")
      .on(t.eventId, sql`lower(${t.email})`)
      .where(sql`${t.status} <> 'cancelled'`),
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
    // Arrivals per slot (GET /api/events/:id/arrivals), polled by every door phone: read off the index.
    index("model_registrations_event_arrivals_idx").on(t.eventId, t.timeslotId, t.status, t.attended),
    check("model_registrations_stage_check", sql`${t.stage} in ('new', 'shortlisted', 'callback', 'signed', 'discarded')`),
    // The stage filter, in the list's order (issue 23).
    index("model_registrations_event_stage_created_id_idx").on(
      t.eventId,
      t.stage,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list sorted by the panel's average, best first, unscored last.
    index("model_registrations_event_panel_idx").on(
      t.eventId,
      t.panelAverage.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A stage sorted by the panel's average, and a stage with a lowest average.
    index("model_registrations_event_stage_panel_idx").on(
      t.eventId,
      t.stage,
      t.panelAverage.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Related registrations: the same e-mail (stored lower-cased), phone, or name and birth date.
    index("model_registrations_email_idx").on(t.email),
    index("model_registrations_phone_key_idx").on(t.phoneKey),
    index("model_registrations_name_key_dob_idx").on(t.nameKey, t.dateOfBirth),
    check(
      "model_registrations_guardian_status_check",
      sql`${t.guardianStatus} in ('not_required', 'pending', 'approved', 'refused')`,
    ),
    // The staff list's 'Falta autorización' filter.
    index("model_registrations_event_guardian_idx")
      .on(t.eventId, t.guardianStatus)
      .where(sql`${t.guardianStatus} = 'pending'`),
    // One check per row instead of two, on the slot row the registration already locks: a rush no
    // longer share-locks the event's row from every transaction at once (migration 0004).
    foreignKey({
      name: "model_registrations_timeslot_event_fk",
      columns: [t.timeslotId, t.eventId],
      foreignColumns: [eventTimeslots.id, eventTimeslots.eventId],
    }).onDelete("restrict"),
  ],
);
