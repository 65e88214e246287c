/**
 * The review panel around a registration (issue 23): each staff member's own score and note, the
 * history of the registration's stage, and the agency's tags. The panel's aggregate (count, sum,
 * lowest, highest) is kept on model_registrations itself, rewritten in the transaction that changes
 * a score, so the list reads and sorts it without touching this table.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { REGISTRATION_STAGES } from "@common/constants";
import { users } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import { modelRegistrations } from "./registrations";

export const panelScores = pgTable(
  "panel_scores",
  {
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => modelRegistrations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    score: smallint("score").notNull(),
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One score per staff member and registration; also what 'not yet scored by me' reads.
    primaryKey({ name: "panel_scores_pk", columns: [t.registrationId, t.userId] }),
    // 'Not yet scored by me' over a whole event: the viewer's scores read off one index.
    index("panel_scores_user_idx").on(t.userId, t.registrationId),
    check("panel_scores_score_check", sql`${t.score} between 1 and 5`),
  ],
);

export const registrationStageChanges = pgTable(
  "registration_stage_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => modelRegistrations.id, { onDelete: "cascade" }),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    fromStage: text("from_stage", { enum: REGISTRATION_STAGES }).notNull(),
    toStage: text("to_stage", { enum: REGISTRATION_STAGES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("registration_stage_changes_registration_idx").on(t.registrationId, t.createdAt)],
);

/** The agency's tags ('Editorial', 'Comercial', 'Pasarela'…), defined by admins. */
export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tags_name_uq").on(sql`lower(${t.name})`)],
);

export const registrationTags = pgTable(
  "registration_tags",
  {
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => modelRegistrations.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "registration_tags_pk", columns: [t.registrationId, t.tagId] }),
    // The tag filter: a tag's registrations.
    index("registration_tags_tag_idx").on(t.tagId, t.registrationId),
  ],
);
