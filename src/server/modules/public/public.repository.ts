/**
 * Data access of the public visitor side: the active event, the registration (one statement, its
 * capacity enforced by the database), and the registration rows looked up by their token hashes.
 * Slot availability comes from the events module's timeslots repository.
 */
import { and, eq } from "drizzle-orm";
import { runNamed, type Db, type DbOrTx } from "../../db/client";
import { eventTimeslots, modelRegistrations, scoutingEvents } from "../../db/schema";
import type { NewOutboxRow } from "../../mail/outbox";

/** What the database's slot trigger names when a slot has no room left (migration 0002). */
export const TIMESLOT_CAPACITY = "event_timeslots_within_capacity";

// The registration's statement (see insertRegistration), fixed text so that PostgreSQL prepares it
// once per connection. The slot row is locked first (FOR NO KEY UPDATE: the foreign key checks'
// KEY SHARE locks still pass), so the statement holds one slot lock from its start and never
// upgrades one: no cycle with a writer that locks slots FOR UPDATE (an event being edited).
// Whether the slot has room is read under that lock, so a full slot costs no insert at all (the
// trigger would refuse it, after the rows and the index entries had been written).
const SLOT = `
  select t.id, t.registered_count < t.capacity as has_room
  from event_timeslots t join scouting_events e on e.id = t.event_id
  where t.id = $2::uuid and e.id = $1::uuid and e.status = 'active'
  for no key update of t`;
const INSERT_REGISTRATION = `
  insert into model_registrations (
    event_id, timeslot_id, full_name, date_of_birth, age, location, email, phone_number, height, bust, waist,
    hips, eye_color, instagram_handle, international_work, registration_code, email_verification_token_hash,
    email_verification_expires_at, success_token_hash)
  select $1::uuid, slot.id, $3, $4::date, $5::int, $6, $7, $8, $9::int, $10::int, $11::int, $12::int, $13, $14,
    $15::boolean, $16, $17, $18::timestamptz, $19
  from slot where slot.has_room
  returning id`;
// One row whatever happens: the new registration's id, or why there is none (no such active slot:
// has_room null; a full slot: has_room false).
const OUTCOME = `select (select id from registration) as id, (select has_room from slot) as has_room`;
const REGISTER = `with slot as (${SLOT}), registration as (${INSERT_REGISTRATION}) ${OUTCOME}`;
const REGISTER_WITH_MAIL = `
  with slot as (${SLOT}),
  registration as (${INSERT_REGISTRATION}),
  mail as (
    insert into outbox_messages (kind, to_address, subject, text_body, html_body, message_id)
    select $20, $21, $22, $23, $24, $25 from registration)
  ${OUTCOME}`;

export type InsertOutcome = { created: { id: string } } | { refused: "timeslot_full" | "no_active_slot" };

export interface NewRegistrationValues {
  eventId: string;
  timeslotId: string;
  fullName: string;
  dateOfBirth: string;
  age: number;
  location: string;
  email: string;
  phoneNumber: string;
  height: number;
  bust: number;
  waist: number;
  hips: number;
  eyeColor: string;
  instagramHandle: string;
  internationalWork: boolean;
  registrationCode: string;
  emailVerificationTokenHash: string;
  emailVerificationExpiresAt: Date;
  successTokenHash: string;
}

export function createPublicRepository(db: Db) {
  return {
    async findActiveEvent(eventId: string, tx: DbOrTx = db) {
      const [event] = await tx
        .select({
          id: scoutingEvents.id,
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          description: scoutingEvents.description,
          confirmationDetails: scoutingEvents.confirmationDetails,
        })
        .from(scoutingEvents)
        .where(and(eq(scoutingEvents.id, eventId), eq(scoutingEvents.status, "active")));
      return event;
    },

    /**
     * What a registration's e-mail says about its event (name, date, place, and the times of each
     * slot), in one round trip; undefined if the event is not active.
     */
    async findRegistrationContext(eventId: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          slotId: eventTimeslots.id,
          startTime: eventTimeslots.startTime,
          endTime: eventTimeslots.endTime,
        })
        .from(scoutingEvents)
        .leftJoin(eventTimeslots, eq(eventTimeslots.eventId, scoutingEvents.id))
        .where(and(eq(scoutingEvents.id, eventId), eq(scoutingEvents.status, "active")));
      const [first] = rows;
      if (!first) return undefined;
      const slots = new Map<string, { startTime: string; endTime: string }>();
      for (const { slotId, startTime, endTime } of rows) {
        if (slotId && startTime && endTime) slots.set(slotId, { startTime, endTime });
      }
      return { event: { eventName: first.eventName, eventDate: first.eventDate, location: first.location }, slots };
    },

    /**
     * Inserts the registration, and its verification e-mail's outbox row when given, in one
     * statement (so one round trip and one transaction, committed as it ends). The slot's capacity
     * is the database's: the trigger on model_registrations locks the slot row, counts the new
     * registration in, and fails the statement with check_violation on TIMESLOT_CAPACITY if the slot
     * is full (migration 0002; ADR 007). The lock is held for the statement alone: no round trip to
     * the application while a rush waits on it. Refused when the slot is full, or when the event is
     * not active (any more) or the slot is not one of its slots.
     */
    async insertRegistration(r: NewRegistrationValues, mail: NewOutboxRow | null): Promise<InsertOutcome> {
      const values = [
        r.eventId, r.timeslotId, r.fullName, r.dateOfBirth, r.age, r.location, r.email, r.phoneNumber, r.height, r.bust,
        r.waist, r.hips, r.eyeColor, r.instagramHandle, r.internationalWork, r.registrationCode,
        r.emailVerificationTokenHash, r.emailVerificationExpiresAt.toISOString(), r.successTokenHash,
      ];
      type Row = { id: string | null; has_room: boolean | null };
      const [row] = mail
        ? await runNamed<Row>(db, "public_register", REGISTER_WITH_MAIL, [
            ...values,
            mail.kind, mail.toAddress, mail.subject, mail.textBody, mail.htmlBody, mail.messageId,
          ])
        : await runNamed<Row>(db, "public_register_without_mail", REGISTER, values);
      if (row?.id) return { created: { id: row.id } };
      return { refused: row?.has_room === false ? "timeslot_full" : "no_active_slot" };
    },

    async findBySuccessTokenHash(hash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ registrationCode: modelRegistrations.registrationCode, email: modelRegistrations.email })
        .from(modelRegistrations)
        .where(eq(modelRegistrations.successTokenHash, hash));
      return row;
    },

    /** The registration of a verification token, with what the sheet and the e-mail need. */
    async findByVerificationTokenHash(tx: DbOrTx, hash: string, options: { lock?: boolean } = {}) {
      const query = tx
        .select({
          registration: modelRegistrations,
          event: {
            eventName: scoutingEvents.eventName,
            eventDate: scoutingEvents.eventDate,
            location: scoutingEvents.location,
            description: scoutingEvents.description,
            confirmationDetails: scoutingEvents.confirmationDetails,
          },
          timeslot: { startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime },
        })
        .from(modelRegistrations)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, modelRegistrations.eventId))
        .leftJoin(eventTimeslots, eq(eventTimeslots.id, modelRegistrations.timeslotId))
        .where(eq(modelRegistrations.emailVerificationTokenHash, hash));
      const [row] = options.lock ? await query.for("update", { of: modelRegistrations }) : await query;
      return row;
    },

    async markVerified(tx: DbOrTx, id: string, at: Date) {
      await tx
        .update(modelRegistrations)
        .set({ emailVerified: true, status: "confirmed", emailVerifiedAt: at })
        .where(eq(modelRegistrations.id, id));
    },
  };
}

export type PublicRepository = ReturnType<typeof createPublicRepository>;

/** The constraint (or unique index) a failed query violated, looking through Drizzle's wrapper. */
export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
