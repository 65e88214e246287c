/**
 * The registrant's own page's queries (issue 19): the registration its link names with its event
 * and slot, the other slots of the event with room, and the move to one of them.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { eventTimeslots, modelRegistrations, scoutingEvents } from "../../db/schema";
import { sharingAllowed } from "../selections/selections.members.repository";

export type ManageRepository = ReturnType<typeof createManageRepository>;

export function createManageRepository(db: Db) {
  const room = sql<number>`greatest(0, ${eventTimeslots.capacity} - ${eventTimeslots.registeredCount} - ${eventTimeslots.heldCount})::int`;
  return {
    /** The registration with its event and slot; undefined when erased (or never there). */
    async findWithEventAndSlot(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          registrationCode: modelRegistrations.registrationCode,
          fullName: modelRegistrations.fullName,
          status: modelRegistrations.status,
          emailVerified: modelRegistrations.emailVerified,
          guardianStatus: modelRegistrations.guardianStatus,
          consentClientSharing: modelRegistrations.consentClientSharing,
          clientSharingAllowed: sharingAllowed,
          timeslotId: modelRegistrations.timeslotId,
          eventId: modelRegistrations.eventId,
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          startTime: eventTimeslots.startTime,
          endTime: eventTimeslots.endTime,
        })
        .from(modelRegistrations)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, modelRegistrations.eventId))
        .innerJoin(eventTimeslots, eq(eventTimeslots.id, modelRegistrations.timeslotId))
        .where(eq(modelRegistrations.id, id));
      return row;
    },

    /** The event's other slots that have room (capacity − registrations − held offers), earliest first. */
    otherSlotsWithRoom(eventId: string, exceptTimeslotId: string, tx: DbOrTx = db) {
      return tx
        .select({
          id: eventTimeslots.id,
          startTime: eventTimeslots.startTime,
          endTime: eventTimeslots.endTime,
          availableSpots: room,
        })
        .from(eventTimeslots)
        .where(and(eq(eventTimeslots.eventId, eventId), sql`${eventTimeslots.id} <> ${exceptTimeslotId}`, sql`${room} > 0`))
        .orderBy(asc(eventTimeslots.startTime), asc(eventTimeslots.endTime));
    },

    /** The registration's status, slot and consent to be shown to clients, locked (FOR UPDATE) until the transaction ends. */
    async lockRegistration(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          status: modelRegistrations.status,
          timeslotId: modelRegistrations.timeslotId,
          guardianStatus: modelRegistrations.guardianStatus,
          consentClientSharing: modelRegistrations.consentClientSharing,
        })
        .from(modelRegistrations)
        .where(eq(modelRegistrations.id, id))
        .for("update");
      return row;
    },

    /** The consent to be shown to clients given or withdrawn (issue 36), and when. */
    async setClientSharing(id: string, consent: boolean, now: Date, tx: DbOrTx) {
      await tx
        .update(modelRegistrations)
        .set({ consentClientSharing: consent, consentClientSharingAt: now })
        .where(eq(modelRegistrations.id, id));
    },

    /** The move itself: the slot triggers refuse a full slot, the foreign key a slot of another event. */
    async moveToSlot(id: string, timeslotId: string, tx: DbOrTx = db) {
      await tx.update(modelRegistrations).set({ timeslotId }).where(eq(modelRegistrations.id, id));
    },
  };
}
