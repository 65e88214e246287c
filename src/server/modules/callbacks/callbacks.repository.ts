/**
 * The callbacks' queries (issue 36): the callback event and its open call, the registrations to
 * invite, the invitations (written, listed, claimed for the one reminder, locked for an answer), and
 * the callback's registration an accepted answer creates with the person's photo rows.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client";
import {
  callbackInvitations as inv,
  eventTimeslots,
  modelRegistrations,
  photos,
  scoutingEvents,
  type ModelRegistrationRow,
} from "../../db/schema";
import { slotStartSql } from "../../lib/calendar";

export type CallbacksRepository = ReturnType<typeof createCallbacksRepository>;

const openCall = alias(scoutingEvents, "open_call");
const callbackRegistration = alias(modelRegistrations, "callback_registration");

/** What an invitation's e-mail and its answer need of the person's registration in the open call. */
const personColumns = {
  id: modelRegistrations.id,
  eventId: modelRegistrations.eventId,
  status: modelRegistrations.status,
  fullName: modelRegistrations.fullName,
  email: modelRegistrations.email,
  language: modelRegistrations.language,
  registrationCode: modelRegistrations.registrationCode,
  guardianStatus: modelRegistrations.guardianStatus,
  guardianName: modelRegistrations.guardianName,
  guardianEmail: modelRegistrations.guardianEmail,
};
export type InvitedPerson = Pick<ModelRegistrationRow, keyof typeof personColumns>;
export function createCallbacksRepository(db: Db) {
  return { ...callbackAndPeople(db), ...invitationReads(db), ...answerWrites() };
}

/** The callback and its open call, the people to invite, their invitations written and reminded. */
function callbackAndPeople(db: Db) {
  /** The registrations of these ids that exist, with what the invitation needs. */
  const findPeople = (ids: string[], tx: DbOrTx = db): Promise<InvitedPerson[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : tx.select(personColumns).from(modelRegistrations).where(inArray(modelRegistrations.id, ids));
  return {
    findPeople,
    /** An event with what an invitation says of it, its open call's name, and its first slot's start (an instant). */
    async findCallbackEvent(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          id: scoutingEvents.id,
          kind: scoutingEvents.kind,
          callbackOf: scoutingEvents.callbackOf,
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          openCallName: openCall.eventName,
          firstStart: sql<string | null>`(select min(${slotStartSql(sql`${scoutingEvents.eventDate}`, sql`t.start_time`)})
            from ${eventTimeslots} t where t.event_id = ${scoutingEvents.id})`,
        })
        .from(scoutingEvents)
        .leftJoin(openCall, eq(openCall.id, scoutingEvents.callbackOf))
        .where(eq(scoutingEvents.id, id));
      return row && { ...row, firstStart: row.firstStart === null ? null : new Date(row.firstStart) };
    },

    /** New invitations; one already there (the same person and callback) is left as it is and not returned. */
    insertInvitations(
      rows: Array<{ callbackEventId: string; registrationId: string; deadline: Date; invitedBy: string | null }>,
      tx: DbOrTx = db,
    ) {
      if (rows.length === 0) return Promise.resolve([]);
      return tx
        .insert(inv)
        .values(rows)
        .onConflictDoNothing({ target: [inv.callbackEventId, inv.registrationId] })
        .returning({ id: inv.id, registrationId: inv.registrationId });
    },

    /**
     * Marks the one reminder of each invitation still unanswered, in time and never reminded, in
     * one statement (a second request at the same moment finds none of them): their ids, deadlines
     * and people.
     */
    async claimReminders(callbackEventId: string, now: Date, tx: DbOrTx) {
      const claimed = await tx
        .update(inv)
        .set({ remindedAt: now })
        .where(
          and(eq(inv.callbackEventId, callbackEventId), eq(inv.status, "invited"), gt(inv.deadline, now), isNull(inv.remindedAt)),
        )
        .returning({ id: inv.id, registrationId: inv.registrationId, deadline: inv.deadline });
      const people = new Map(
        (
          await findPeople(
            claimed.map((row) => row.registrationId),
            tx,
          )
        ).map((person) => [person.id, person]),
      );
      return claimed.flatMap((row) => {
        const person = people.get(row.registrationId);
        return person ? [{ ...row, person }] : [];
      });
    },
  };
}

/** What staff read of a callback's invitations, and the person of theirs. */
function invitationReads(db: Db) {
  return {
    /** A callback's invitations with their people and the slot each chose, in the order they were sent. */
    listInvitations(callbackEventId: string, tx: DbOrTx = db) {
      return tx
        .select({
          invitation: inv,
          person: {
            registrationId: modelRegistrations.id,
            registrationCode: modelRegistrations.registrationCode,
            fullName: modelRegistrations.fullName,
            age: modelRegistrations.age,
            email: modelRegistrations.email,
            phoneNumber: modelRegistrations.phoneNumber,
          },
          callbackStatus: callbackRegistration.status,
          timeslot: { id: eventTimeslots.id, startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime },
        })
        .from(inv)
        .innerJoin(modelRegistrations, eq(modelRegistrations.id, inv.registrationId))
        .leftJoin(callbackRegistration, eq(callbackRegistration.id, inv.callbackRegistrationId))
        .leftJoin(eventTimeslots, eq(eventTimeslots.id, callbackRegistration.timeslotId))
        .where(eq(inv.callbackEventId, callbackEventId))
        .orderBy(asc(inv.invitedAt), asc(modelRegistrations.fullName), asc(inv.id));
    },

    /** What the person's page shows of an invitation: it, its callback, its open call, the chosen slot. */
    async findView(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          invitation: inv,
          fullName: modelRegistrations.fullName,
          event: {
            eventName: scoutingEvents.eventName,
            eventDate: scoutingEvents.eventDate,
            location: scoutingEvents.location,
            description: scoutingEvents.description,
          },
          openCallName: openCall.eventName,
          callbackStatus: callbackRegistration.status,
          chosen: { startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime },
        })
        .from(inv)
        .innerJoin(modelRegistrations, eq(modelRegistrations.id, inv.registrationId))
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, inv.callbackEventId))
        .innerJoin(openCall, eq(openCall.id, scoutingEvents.callbackOf))
        .leftJoin(callbackRegistration, eq(callbackRegistration.id, inv.callbackRegistrationId))
        .leftJoin(eventTimeslots, eq(eventTimeslots.id, callbackRegistration.timeslotId))
        .where(eq(inv.id, id));
      return row;
    },

    /** The callback's slots a person may choose at `now`: room left (capacity − registrations − held offers), not started. */
    openSlots(callbackEventId: string, now: Date, tx: DbOrTx = db) {
      const room = sql<number>`greatest(0, ${eventTimeslots.capacity} - ${eventTimeslots.registeredCount} - ${eventTimeslots.heldCount})::int`;
      return tx
        .select({
          id: eventTimeslots.id,
          startTime: eventTimeslots.startTime,
          endTime: eventTimeslots.endTime,
          availableSpots: room,
        })
        .from(eventTimeslots)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, eventTimeslots.eventId))
        .where(
          and(
            eq(eventTimeslots.eventId, callbackEventId),
            sql`${room} > 0`,
            sql`${slotStartSql(sql`${scoutingEvents.eventDate}`, sql`${eventTimeslots.startTime}`)} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(eventTimeslots.startTime), asc(eventTimeslots.endTime));
    },
  };
}

/** An answer's locks and writes. */
function answerWrites() {
  return {
    /** The invitation, locked for its answer, with its callback and open call; undefined when gone. */
    async lockInvitation(id: string, tx: DbOrTx) {
      const [row] = await tx.select().from(inv).where(eq(inv.id, id)).for("update");
      return row;
    },

    /** A slot of the callback, and whether it has started at `now`; undefined when it is not one of its slots. */
    async findSlot(callbackEventId: string, timeslotId: string, now: Date, tx: DbOrTx) {
      const [row] = await tx
        .select({
          id: eventTimeslots.id,
          started: sql<boolean>`${slotStartSql(sql`${scoutingEvents.eventDate}`, sql`${eventTimeslots.startTime}`)} <= ${now.toISOString()}::timestamptz`,
        })
        .from(eventTimeslots)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, eventTimeslots.eventId))
        .where(and(eq(eventTimeslots.id, timeslotId), eq(eventTimeslots.eventId, callbackEventId)));
      return row;
    },

    /** The person's registration in the open call, locked: its data is copied and its stage moves. */
    async lockRegistration(id: string, tx: DbOrTx): Promise<ModelRegistrationRow | undefined> {
      const [row] = await tx.select().from(modelRegistrations).where(eq(modelRegistrations.id, id)).for("update");
      return row;
    },

    /**
     * The callback's registration. The slot's triggers count it in, and refuse it when the slot is
     * full (ADR 007): the caller's transaction then fails whole.
     */
    async insertRegistration(values: typeof modelRegistrations.$inferInsert, tx: DbOrTx) {
      const [row] = await tx.insert(modelRegistrations).values(values).returning();
      if (!row) throw new Error("registration insert returned no row");
      return row;
    },

    /**
     * Copies of the open call's photo rows for the callback's registration: the same stored files
     * (a deleted row's files go when no row names them any more: migration callbacks).
     */
    async copyPhotos(fromRegistrationId: string, to: { registrationId: string; eventId: string }, tx: DbOrTx) {
      await tx.execute(sql`
        insert into ${photos} (event_id, kind, registration_id, large_key, thumb_key, width, height, large_bytes, thumb_bytes)
        select ${to.eventId}::uuid, kind, ${to.registrationId}::uuid, large_key, thumb_key, width, height, large_bytes, thumb_bytes
        from ${photos} where registration_id = ${fromRegistrationId}::uuid`);
    },

    async recordAnswer(
      id: string,
      answer: { status: "accepted" | "declined"; callbackRegistrationId: string | null; answeredAt: Date },
      tx: DbOrTx,
    ) {
      await tx.update(inv).set(answer).where(eq(inv.id, id));
    },
  };
}

/** The callbacks' registrations a registration's accepted invitations made (an erasure takes them too). */
export async function callbackRegistrationsOf(registrationId: string, tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: inv.callbackRegistrationId })
    .from(inv)
    .where(and(eq(inv.registrationId, registrationId), isNotNull(inv.callbackRegistrationId)));
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}
