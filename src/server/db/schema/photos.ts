/**
 * Registrants' photos (issue 17) and the queue of stored files to remove. A photo is uploaded
 * before its registration exists (registration_id null), claimed by one registration in the
 * registration's statement, and deleted with it (cascade). Every deleted photo row queues its files
 * in storage_deletions (a trigger, migration 0006), in the same transaction: the files are removed
 * by the storage sweeper (jobs/storage-sweeper.ts), retried until the store answers.
 */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PHOTO_KINDS } from "@common/photos";
import { createdAt } from "./columns";
import { scoutingEvents } from "./events";
import { modelRegistrations } from "./registrations";
import { waitlistEntries } from "./waitlist";

export const photos = pgTable(
  "photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => scoutingEvents.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PHOTO_KINDS }).notNull(),
    registrationId: uuid("registration_id").references(() => modelRegistrations.id, { onDelete: "cascade" }),
    /** A photo sent with a waiting-list request (issue 19): kept until the entry becomes a registration. */
    waitlistEntryId: uuid("waitlist_entry_id").references((): AnyPgColumn => waitlistEntries.id, { onDelete: "cascade" }),
    largeKey: text("large_key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    largeBytes: integer("large_bytes").notNull(),
    thumbBytes: integer("thumb_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("photos_kind_check", sql`${t.kind} in ('face', 'profile', 'full')`),
    // One photo of each kind per registration.
    uniqueIndex("photos_registration_kind_uq").on(t.registrationId, t.kind),
    // The sweep of photos never used: unclaimed ones by age.
    // A callback's registration holds copies of the person's photo rows, sharing their files (issue
    // 36): a deleted row's files go only when no row still names them (migration callbacks).
    index("photos_large_key_idx").on(t.largeKey),
    index("photos_unclaimed_created_idx")
      .on(t.createdAt)
      .where(sql`${t.registrationId} is null`),
  ],
);

export const storageDeletions = pgTable(
  "storage_deletions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storageKey: text("storage_key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("storage_deletions_next_attempt_idx").on(t.nextAttemptAt)],
);
