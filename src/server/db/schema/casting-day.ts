/**
 * The casting day (issue 35): the line of checked-in people with their numbers, the keys of the venue's
 * screens, and the door passes of volunteers. The line lives here, not in a process: it survives a
 * restart, and every process reads the same one.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid, integer } from "drizzle-orm/pg-core";
import { QUEUE_STATES } from "@common/schemas/queue";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { scoutingEvents } from "./events";
import { modelRegistrations } from "./registrations";

export const queueEntries = pgTable(
  "queue_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => scoutingEvents.id, { onDelete: "cascade" }),
    /** One place per registration, given by its check-in; erased with it. */
    registrationId: uuid("registration_id")
      .notNull()
      .unique()
      .references(() => modelRegistrations.id, { onDelete: "cascade" }),
    /** The person's number: the event's arrival order (scouting_events.queue_last_number), never reused. */
    number: integer("number").notNull(),
    state: text("state", { enum: QUEUE_STATES }).notNull().default("waiting"),
    /** The line's order among the waiting: the arrival, or the time an absent person was sent to the back. */
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    /** The room that called the person (state called or later). */
    room: text("room"),
    /** The first call: the rooms' pace is counted from it. */
    firstCalledAt: timestamp("first_called_at", { withTimezone: true }),
    /** The latest call or recall. */
    calledAt: timestamp("called_at", { withTimezone: true }),
    /** Calls and recalls of the current turn. */
    callCount: smallint("call_count").notNull().default(0),
    /** When the state last changed to seen, absent or gone. */
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("queue_entries_state_check", sql`${t.state} in ('waiting', 'called', 'seen', 'gone')`),
    check("queue_entries_room_check", sql`(${t.state} = 'waiting') or ${t.room} is not null`),
    uniqueIndex("queue_entries_event_number_uq").on(t.eventId, t.number),
    // The line: the waiting in order ("call the next N", how many are ahead), the called by time.
    index("queue_entries_event_state_idx").on(t.eventId, t.state, t.queuedAt, t.number),
  ],
);

/** A venue screen's key (`/events/:id/display?key=…`): numbers only; made and revoked (deleted) by staff. */
export const displayKeys = pgTable(
  "display_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => scoutingEvents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 of the key; the key itself is in the screen's address only. */
    keyHash: text("key_hash").notNull().unique(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("display_keys_event_idx").on(t.eventId)],
);

/**
 * A volunteer's door pass: a phone signed in with it may check people in and call the line at one
 * event until it expires (at most 24 h) or an admin revokes it (deleted). It acts for its maker,
 * holding only those capabilities, and every action under it is audited with its name.
 */
export const doorPasses = pgTable(
  "door_passes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => scoutingEvents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 of the pass's secret; the secret is only in its link and QR code. */
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The last request made with it, written at most once a minute. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("door_passes_event_idx").on(t.eventId)],
);

export type QueueEntryRow = typeof queueEntries.$inferSelect;
export type DisplayKeyRow = typeof displayKeys.$inferSelect;
export type DoorPassRow = typeof doorPasses.$inferSelect;
