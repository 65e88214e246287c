/**
 * Data access of the public visitor side: the active event, the locked capacity check, and the
 * registration rows looked up by their token hashes. Slot availability comes from the events
 * module's timeslots repository. The lock stays here rather than using its `lockOne`: this one also
 * checks that the event is still active in the locking statement, and the count happens inside the
 * insert (insertIfRoom), so the lock is held for two round trips instead of three on the hot path.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { eventTimeslots, modelRegistrations, scoutingEvents } from "../../db/schema";

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
     * Everything registering checks before taking the slot lock, in one round trip: the active event,
     * the slot's times (null: not this event's slot) and whether the e-mail is already registered.
     */
    async precheckRegistration(eventId: string, timeslotId: string, email: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          startTime: eventTimeslots.startTime,
          endTime: eventTimeslots.endTime,
          emailTaken: sql<boolean>`exists (select 1 from ${modelRegistrations} where ${modelRegistrations.eventId} = ${scoutingEvents.id} and lower(${modelRegistrations.email}) = ${email})`,
        })
        .from(scoutingEvents)
        .leftJoin(eventTimeslots, and(eq(eventTimeslots.id, timeslotId), eq(eventTimeslots.eventId, scoutingEvents.id)))
        .where(and(eq(scoutingEvents.id, eventId), eq(scoutingEvents.status, "active")));
      if (!row) return undefined;
      const { startTime, endTime, emailTaken, ...event } = row;
      return { event, slot: startTime && endTime ? { startTime, endTime } : null, emailTaken };
    },

    /**
     * Locks the slot row (the capacity invariant: every registration into this slot waits here) and
     * answers its capacity, or undefined if the slot is not one of this active event's.
     */
    async lockTimeslot(tx: DbOrTx, eventId: string, timeslotId: string) {
      const [slot] = await tx
        .select({ capacity: eventTimeslots.capacity })
        .from(eventTimeslots)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, eventTimeslots.eventId))
        .where(
          and(
            eq(eventTimeslots.id, timeslotId),
            eq(eventTimeslots.eventId, eventId),
            eq(scoutingEvents.status, "active"),
          ),
        )
        .for("update", { of: eventTimeslots });
      return slot;
    },

    /**
     * Inserts the registration if the slot still has room: the count and the insert are one statement,
     * run after lockTimeslot in the same transaction, so its snapshot sees every registration committed
     * before the lock was granted. Undefined: the slot is full.
     */
    async insertIfRoom(tx: DbOrTx, capacity: number, r: NewRegistrationValues) {
      const result = await tx.execute<{ id: string }>(sql`
        insert into ${modelRegistrations} (
          event_id, timeslot_id, full_name, date_of_birth, age, location, email, phone_number, height, bust, waist,
          hips, eye_color, instagram_handle, international_work, registration_code, email_verification_token_hash,
          email_verification_expires_at, success_token_hash)
        select ${r.eventId}::uuid, ${r.timeslotId}::uuid, ${r.fullName}, ${r.dateOfBirth}::date, ${r.age}::int,
          ${r.location}, ${r.email}, ${r.phoneNumber}, ${r.height}::int, ${r.bust}::int, ${r.waist}::int,
          ${r.hips}::int, ${r.eyeColor}, ${r.instagramHandle}, ${r.internationalWork}::boolean, ${r.registrationCode},
          ${r.emailVerificationTokenHash}, ${r.emailVerificationExpiresAt.toISOString()}::timestamptz,
          ${r.successTokenHash}
        where (select count(*) from ${modelRegistrations} where timeslot_id = ${r.timeslotId}::uuid) < ${capacity}
        returning id`);
      const rows = Array.isArray(result) ? result : (result as unknown as { rows: Array<{ id: string }> }).rows;
      return rows[0];
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
