/**
 * Selections for a client (issue 36): an admin's named, ordered list of registrants, shared with a
 * client (a brand, a photographer) through links that expire, may ask a password and are revocable at
 * once. The client marks favourites and leaves a note per person, per link. A member goes with its
 * registration (an erasure) and is removed when the person withdraws their consent to be shown to
 * clients; its picks go with it.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import { modelRegistrations } from "./registrations";

export const selections = pgTable("selections", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** Who made it; kept null when that account is deleted. */
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The people of a selection, in the admin's order. Its id is the only one a client ever sees. */
export const selectionMembers = pgTable(
  "selection_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    selectionId: uuid("selection_id")
      .notNull()
      .references(() => selections.id, { onDelete: "cascade" }),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => modelRegistrations.id, { onDelete: "cascade" }),
    /** 0-based place in the selection: the order the client sees. */
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("selection_members_selection_registration_uq").on(t.selectionId, t.registrationId),
    // A withdrawn consent takes the person out of every selection at once.
    index("selection_members_registration_idx").on(t.registrationId),
  ],
);

/** A link to a selection for one client: the token is shown once and kept as its SHA-256. */
export const selectionShares = pgTable(
  "selection_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    selectionId: uuid("selection_id")
      .notNull()
      .references(() => selections.id, { onDelete: "cascade" }),
    /** Whom it is for: the share's name, printed in the watermark and the audit trail. */
    clientName: text("client_name").notNull(),
    clientEmail: text("client_email"),
    tokenHash: text("token_hash").notNull().unique(),
    /** scrypt (better-auth's hashing), or null for a link that asks none. */
    passwordHash: text("password_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Revoked at once: the link and its photos answer 404 from then on; the client's picks stay for staff. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The client's last opening of the selection, for staff. */
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("selection_shares_selection_idx").on(t.selectionId)],
);

/** A client's favourite and note on one person of the selection, through one link. */
export const selectionPicks = pgTable(
  "selection_picks",
  {
    shareId: uuid("share_id")
      .notNull()
      .references(() => selectionShares.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => selectionMembers.id, { onDelete: "cascade" }),
    favourite: boolean("favourite").notNull().default(false),
    note: text("note"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shareId, t.memberId] }),
    index("selection_picks_member_idx").on(t.memberId),
    check("selection_picks_note_length_check", sql`char_length(${t.note}) <= 1000`),
  ],
);

export type SelectionRow = typeof selections.$inferSelect;
export type SelectionShareRow = typeof selectionShares.$inferSelect;
