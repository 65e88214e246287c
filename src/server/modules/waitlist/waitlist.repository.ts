/**
 * The waiting list's queries (issue 19): entries joined, found by their links, confirmed, accepted
 * (the registration they become), left; and the staff's view of each slot's line. The rules live in
 * waitlist.join.ts, waitlist.entry.ts and waitlist.staff.ts; the offers' queries in
 * waitlist.offers.repository.ts.
 */
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client";
import {
  eventTimeslots,
  modelRegistrations,
  photos,
  scoutingEvents,
  waitlistEntries,
  type WaitlistEntryRow,
} from "../../db/schema";

const LIVE = ["waiting", "offered"] as const;

export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;

export function createWaitlistRepository(db: Db) {
  return { ...entryQueries(db), ...acceptQueries(db), ...lineQueries(db) };
}

/** An entry: found by its links, its place in line, its page's details. */
function entryQueries(db: Db) {
  return {
    /** The entry one of its links' hashes names (the place in line's, or the current offer's), locked on request. */
    async findByTokenHash(hash: string, lock: boolean, tx: DbOrTx = db) {
      const query = tx
        .select()
        .from(waitlistEntries)
        .where(or(eq(waitlistEntries.tokenHash, hash), eq(waitlistEntries.offerTokenHash, hash)));
      const [entry] = lock ? await query.for("update") : await query;
      return entry;
    },

    async find(id: string, tx: DbOrTx = db) {
      const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
      return entry;
    },

    /** How many wait in the entry's slot before it (by when they joined, then id). */
    async countAhead(entry: Pick<WaitlistEntryRow, "id" | "timeslotId" | "createdAt">, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ ahead: sql<number>`count(*)::int` })
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.timeslotId, entry.timeslotId),
            eq(waitlistEntries.status, "waiting"),
            sql`(${waitlistEntries.createdAt}, ${waitlistEntries.id}) < (${entry.createdAt.toISOString()}::timestamptz, ${entry.id}::uuid)`,
          ),
        );
      return row?.ahead ?? 0;
    },

    /** The entry's event and slot, and the state of the registration it became (nulls when none). */
    async findViewDetails(entry: Pick<WaitlistEntryRow, "timeslotId" | "registrationId">, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          startTime: eventTimeslots.startTime,
          endTime: eventTimeslots.endTime,
          registrationCode: modelRegistrations.registrationCode,
          status: modelRegistrations.status,
          emailVerified: modelRegistrations.emailVerified,
          guardianStatus: modelRegistrations.guardianStatus,
        })
        .from(eventTimeslots)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, eventTimeslots.eventId))
        .leftJoin(modelRegistrations, eq(modelRegistrations.id, sql`${entry.registrationId}::uuid`))
        .where(eq(eventTimeslots.id, entry.timeslotId));
      return row;
    },
  };
}

/** An entry joined and changed, and an offer accepted: the registration it becomes, its photos. */
function acceptQueries(db: Db) {
  return {
    /** What a guardian's request says of the event and the slot. */
    async findEventAndSlot(eventId: string, timeslotId: string | null, tx: DbOrTx = db) {
      const [event] = await tx
        .select({ eventName: scoutingEvents.eventName, eventDate: scoutingEvents.eventDate, location: scoutingEvents.location })
        .from(scoutingEvents)
        .where(eq(scoutingEvents.id, eventId));
      const [slot] = timeslotId
        ? await tx
            .select({ startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime })
            .from(eventTimeslots)
            .where(eq(eventTimeslots.id, timeslotId))
        : [];
      return { ...event!, slot: slot ?? null };
    },

    async insert(values: PgInsertValue<typeof waitlistEntries>, tx: DbOrTx = db) {
      const [entry] = await tx.insert(waitlistEntries).values(values).returning();
      return entry;
    },

    /** The entry changed; the row as it is now. */
    async update(id: string, values: Partial<typeof waitlistEntries.$inferInsert>, tx: DbOrTx = db) {
      const [entry] = await tx.update(waitlistEntries).set(values).where(eq(waitlistEntries.id, id)).returning();
      return entry;
    },

    /** These of the event's unclaimed photos claimed for the entry; the ids claimed. */
    async claimPhotos(entryId: string, eventId: string, photoIds: string[], tx: DbOrTx = db) {
      return tx
        .update(photos)
        .set({ waitlistEntryId: entryId })
        .where(
          and(
            inArray(photos.id, photoIds),
            eq(photos.eventId, eventId),
            sql`${photos.registrationId} is null and ${photos.waitlistEntryId} is null`,
          ),
        )
        .returning({ id: photos.id });
    },

    /** The registration an accepted offer becomes. */
    async insertRegistration(values: typeof modelRegistrations.$inferInsert, tx: DbOrTx = db) {
      const [registration] = await tx.insert(modelRegistrations).values(values).returning();
      return registration!;
    },

    /** The entry's photos handed to the registration it became. */
    async movePhotosToRegistration(entryId: string, registrationId: string, tx: DbOrTx = db) {
      await tx.update(photos).set({ registrationId, waitlistEntryId: null }).where(eq(photos.waitlistEntryId, entryId));
    },
  };
}

/** The staff's view of each slot's line, and the locks of a hand-made offer or a removal. */
function lineQueries(db: Db) {
  const ofEvent = (eventId: string, entryId: string) =>
    and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.eventId, eventId));
  return {
    /** The event's slots, earliest first. */
    listSlotsOfEvent(eventId: string, tx: DbOrTx = db) {
      return tx
        .select({ id: eventTimeslots.id, startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime })
        .from(eventTimeslots)
        .where(eq(eventTimeslots.eventId, eventId))
        .orderBy(asc(eventTimeslots.startTime), asc(eventTimeslots.endTime));
    },

    async eventExists(eventId: string, tx: DbOrTx = db) {
      const [event] = await tx.select({ id: scoutingEvents.id }).from(scoutingEvents).where(eq(scoutingEvents.id, eventId));
      return Boolean(event);
    },

    /** The event's entries still in a line (waiting or offered), first come first. */
    listLiveOfEvent(eventId: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.eventId, eventId), inArray(waitlistEntries.status, [...LIVE])))
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
    },

    /** The slot of the event's entry (unlocked: which slot to lock first). */
    async findSlotIdOf(eventId: string, entryId: string, tx: DbOrTx = db) {
      const [found] = await tx
        .select({ timeslotId: waitlistEntries.timeslotId })
        .from(waitlistEntries)
        .where(ofEvent(eventId, entryId));
      return found?.timeslotId;
    },

    /** The event's entry, locked FOR UPDATE. */
    async lockOfEvent(eventId: string, entryId: string, tx: DbOrTx = db) {
      const [entry] = await tx.select().from(waitlistEntries).where(ofEvent(eventId, entryId)).for("update");
      return entry;
    },

    /** The slot row, locked FOR UPDATE. */
    async lockSlotRow(timeslotId: string, tx: DbOrTx = db) {
      const [slot] = await tx.select().from(eventTimeslots).where(eq(eventTimeslots.id, timeslotId)).for("update");
      return slot;
    },

    /** The slot's times with its event's name, date and place, the slot locked FOR UPDATE. */
    async lockSlotWithEvent(timeslotId: string, tx: DbOrTx = db) {
      const [slot] = await tx
        .select({
          startTime: eventTimeslots.startTime,
          endTime: eventTimeslots.endTime,
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
        })
        .from(eventTimeslots)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, eventTimeslots.eventId))
        .where(eq(eventTimeslots.id, timeslotId))
        .for("update", { of: eventTimeslots });
      return slot;
    },

    async setSlotCapacity(timeslotId: string, capacity: number, tx: DbOrTx = db) {
      await tx.update(eventTimeslots).set({ capacity }).where(eq(eventTimeslots.id, timeslotId));
    },
  };
}
