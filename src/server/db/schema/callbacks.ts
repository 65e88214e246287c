/**
 * Callback invitations (issue 36): an admin invites a registrant of an open call to one of its
 * callback events; the person answers from their e-mail's link, choosing a slot (which creates their
 * registration in the callback, carrying their data and photos over) or declining. One invitation
 * per person and callback. Both registrations' deletion takes the invitation with it (an erasure
 * leaves nothing of them here).
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CALLBACK_INVITATION_STATUSES } from "@common/constants";
import { users } from "./accounts";
import { scoutingEvents } from "./events";
import { modelRegistrations } from "./registrations";

export const callbackInvitations = pgTable(
  "callback_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    callbackEventId: uuid("callback_event_id")
      .notNull()
      .references(() => scoutingEvents.id, { onDelete: "cascade" }),
    /** The person's registration in the open call. */
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => modelRegistrations.id, { onDelete: "cascade" }),
    /** Answers are taken until then. */
    deadline: timestamp("deadline", { withTimezone: true }).notNull(),
    status: text("status", { enum: CALLBACK_INVITATION_STATUSES }).notNull().default("invited"),
    /** The registration in the callback that choosing a slot created. */
    callbackRegistrationId: uuid("callback_registration_id").references(() => modelRegistrations.id, { onDelete: "cascade" }),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The one reminder staff may send to someone who has not answered. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [
    unique("callback_invitations_event_registration_unique").on(t.callbackEventId, t.registrationId),
    index("callback_invitations_registration_idx").on(t.registrationId),
    uniqueIndex("callback_invitations_callback_registration_uq")
      .on(t.callbackRegistrationId)
      .where(sql`${t.callbackRegistrationId} is not null`),
    check("callback_invitations_status_check", sql`${t.status} in ('invited', 'accepted', 'declined')`),
    check("callback_invitations_answered_check", sql`(${t.status} = 'invited') = (${t.answeredAt} is null)`),
    check("callback_invitations_accepted_check", sql`(${t.status} = 'accepted') = (${t.callbackRegistrationId} is not null)`),
  ],
);

export type CallbackInvitationRow = typeof callbackInvitations.$inferSelect;
