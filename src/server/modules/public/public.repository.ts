/**
 * Data access of the public visitor side: the active event with its slots' availability, the
 * locked capacity check, and the registration rows looked up by their token hashes.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { eventTimeslots, modelRegistrations, scoutingEvents } from "../../db/schema";

export type NewRegistration = typeof modelRegistrations.$inferInsert;

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

    /** An active event and one of its slots (undefined slot: not this event's), read before locking. */
    async findEventAndSlot(eventId: string, timeslotId: string, tx: DbOrTx = db) {
      const event = await this.findActiveEvent(eventId, tx);
      if (!event) return undefined;
      const [slot] = await tx
        .select({ startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime })
        .from(eventTimeslots)
        .where(and(eq(eventTimeslots.id, timeslotId), eq(eventTimeslots.eventId, eventId)));
      return { event, slot };
    },

    /** The event's slots by start time, each with its spots left (never below zero). */
    async listTimeslotsWithAvailability(eventId: string, tx: DbOrTx = db) {
      const taken = tx
        .select({ timeslotId: modelRegistrations.timeslotId, n: count().as("n") })
        .from(modelRegistrations)
        .where(eq(modelRegistrations.eventId, eventId))
        .groupBy(modelRegistrations.timeslotId)
        .as("taken");
      return tx
        .select({
          id: eventTimeslots.id,
          startTime: eventTimeslots.startTime,
          endTime: eventTimeslots.endTime,
          capacity: eventTimeslots.capacity,
          availableSpots: sql<number>`greatest(${eventTimeslots.capacity} - coalesce(${taken.n}, 0), 0)::int`,
        })
        .from(eventTimeslots)
        .leftJoin(taken, eq(taken.timeslotId, eventTimeslots.id))
        .where(eq(eventTimeslots.eventId, eventId))
        .orderBy(asc(eventTimeslots.startTime), asc(eventTimeslots.id));
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

    /** Run after lockTimeslot, in the same transaction, so the count cannot be stale. */
    async countInTimeslot(tx: DbOrTx, timeslotId: string): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(modelRegistrations)
        .where(eq(modelRegistrations.timeslotId, timeslotId));
      return row?.n ?? 0;
    },

    async emailRegistered(eventId: string, email: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: modelRegistrations.id })
        .from(modelRegistrations)
        .where(and(eq(modelRegistrations.eventId, eventId), sql`lower(${modelRegistrations.email}) = ${email}`))
        .limit(1);
      return row !== undefined;
    },

    async insertRegistration(tx: DbOrTx, values: NewRegistration) {
      const [row] = await tx
        .insert(modelRegistrations)
        .values(values)
        .returning({ id: modelRegistrations.id, registrationCode: modelRegistrations.registrationCode });
      if (!row) throw new Error("registration insert returned no row");
      return row;
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
