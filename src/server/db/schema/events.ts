/** Scouting events and their time slots. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  time,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { EVENT_KINDS } from "@common/constants";
import { PHOTO_SETTINGS } from "@common/photos";
import { createdAt, updatedAt } from "./columns";
import { users } from "./accounts";

export const scoutingIdSequence = pgSequence("scouting_id_seq", { startWith: 1 });

export const scoutingEvents = pgTable(
  "scouting_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scoutingId: text("scouting_id").notNull().unique(),
    /**
     * The short address's part, `/e/<slug>` (issue 32; the rule: src/common/slugs.ts). Made from the
     * name at creation, editable; events older than it got theirs in the migration event_slug.
     */
    slug: text("slug").notNull().unique(),
    eventName: text("event_name").notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    location: text("location").notNull(),
    description: text("description").notNull().default(""),
    confirmationDetails: text("confirmation_details").notNull().default(""),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    /** Whether the public form asks for photos (issue 17). Events older than photos: 'optional' (migration 0006). */
    photos: text("photos", { enum: PHOTO_SETTINGS }).notNull().default("required"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The last number given to a checked-in person (issue 35): raised by each check-in, so no two share one. */
    queueLastNumber: integer("queue_last_number").notNull().default(0),
    /** Raised by every change of the line: the live streams' event id (`Last-Event-ID`). */
    queueVersion: bigint("queue_version", { mode: "number" }).notNull().default(0),
    /** Whether people may register at the door from the walk-in poster (issue 35), and how many a day. */
    walkInsEnabled: boolean("walk_ins_enabled").notNull().default(false),
    walkInsDailyCap: integer("walk_ins_daily_cap"),
    /**
     * An open call, or a callback of one (issue 36): a callback is never public (nobody registers
     * from a link; its registrations come from invitations), and names its open call. Both are
     * fixed at creation.
     */
    kind: text("kind", { enum: EVENT_KINDS }).notNull().default("open"),
    callbackOf: uuid("callback_of").references((): AnyPgColumn => scoutingEvents.id, { onDelete: "restrict" }),
  },
  (t) => [
    check(
      "scouting_events_walk_ins_daily_cap_check",
      sql`${t.walkInsDailyCap} is null or ${t.walkInsDailyCap} between 1 and 10000`,
    ),
    check("scouting_events_status_check", sql`${t.status} in ('active', 'inactive')`),
    check("scouting_events_photos_check", sql`${t.photos} in ('off', 'optional', 'required')`),
    // SLUG_PATTERN and SLUG_MAX_LENGTH of src/common/slugs.ts.
    check("scouting_events_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) <= 60`),
    index("scouting_events_event_date_idx").on(t.eventDate),
    check("scouting_events_kind_check", sql`${t.kind} in ('open', 'callback')`),
    check("scouting_events_callback_of_check", sql`(${t.kind} = 'callback') = (${t.callbackOf} is not null)`),
    index("scouting_events_callback_of_idx").on(t.callbackOf),
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
    /**
     * Waiting-list offers holding a spot of the slot (issue 19, ADR 017), kept by the trigger on
     * waitlist_entries: the capacity check counts registered_count + held_count.
     */
    heldCount: integer("held_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("event_timeslots_capacity_check", sql`${t.capacity} >= 1`),
    index("event_timeslots_event_id_idx").on(t.eventId, t.startTime),
    // What a registration's foreign key names: its slot, of its event (migration 0004).
    unique("event_timeslots_id_event_id_unique").on(t.id, t.eventId),
  ],
);
