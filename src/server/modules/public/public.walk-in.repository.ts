/**
 * Walk-ins' rows (issue 35): the event's walk-in settings under its row's lock, the day's count,
 * the slots with room, and the registration's own writes, all inside the walk-in's transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx, type Tx } from "../../db/client";
import { eventTimeslots, modelRegistrations, scoutingEvents } from "../../db/schema";
import type { RegistrationPhotoIds } from "./public.repository";

const AGENCY_TIME_ZONE = sql.raw(`'America/Argentina/Buenos_Aires'`);

/** What a walk-in reads of its event. */
const WALK_IN_EVENT = {
  status: scoutingEvents.status,
  kind: scoutingEvents.kind,
  eventDate: scoutingEvents.eventDate,
  enabled: scoutingEvents.walkInsEnabled,
  dailyCap: scoutingEvents.walkInsDailyCap,
};

export type WalkInsRepository = ReturnType<typeof createWalkInsRepository>;

export function createWalkInsRepository(db: Db) {
  return {
    /** The event's walk-in settings, its row locked: the walk-ins of one event are counted and written one at a time. */
    async lockEvent(eventId: string, tx: Tx) {
      const [row] = await tx
        .select(WALK_IN_EVENT)
        .from(scoutingEvents)
        .where(eq(scoutingEvents.id, eventId))
        .for("no key update");
      return row;
    },

    /** The same, read without a lock (the public event's `walkIns`). */
    async readEvent(eventId: string, tx: DbOrTx = db) {
      const [row] = await tx.select(WALK_IN_EVENT).from(scoutingEvents).where(eq(scoutingEvents.id, eventId));
      return row;
    },

    /** The event's walk-ins registered on `day` (Buenos Aires) and not cancelled: what the daily cap counts. */
    async countOnDay(eventId: string, day: string, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(modelRegistrations)
        .where(
          and(
            eq(modelRegistrations.eventId, eventId),
            eq(modelRegistrations.walkIn, true),
            sql`${modelRegistrations.status} <> 'cancelled'`,
            sql`(${modelRegistrations.createdAt} at time zone ${AGENCY_TIME_ZONE})::date = ${day}::date`,
          ),
        );
      return row?.count ?? 0;
    },

    /** The event's slots with room left (neither registrations nor waiting-list offers fill them). */
    slotsWithRoom(eventId: string, tx: DbOrTx = db) {
      return tx
        .select({ id: eventTimeslots.id, startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime })
        .from(eventTimeslots)
        .where(
          and(
            eq(eventTimeslots.eventId, eventId),
            sql`${eventTimeslots.registeredCount} + ${eventTimeslots.heldCount} < ${eventTimeslots.capacity}`,
          ),
        );
    },

    /**
     * Locks the slot (FOR NO KEY UPDATE, as the public registration's statement does) and says whether
     * it still has room: read after the lock, on the row's newest version, and held until the insert.
     */
    async lockIfRoom(slotId: string, tx: Tx): Promise<boolean> {
      const [row] = await tx
        .select({
          hasRoom: sql<boolean>`${eventTimeslots.registeredCount} + ${eventTimeslots.heldCount} < ${eventTimeslots.capacity}`,
        })
        .from(eventTimeslots)
        .where(eq(eventTimeslots.id, slotId))
        .for("no key update");
      return row?.hasRoom === true;
    },

    async insert(values: typeof modelRegistrations.$inferInsert, tx: Tx): Promise<void> {
      await tx.insert(modelRegistrations).values(values);
    },

    /**
     * Claims the registration's photos: each given id that is an upload of this event, of its kind,
     * claimed by nobody. The number claimed (fewer than given: another registration took one).
     */
    async claimPhotos(registrationId: string, eventId: string, photos: RegistrationPhotoIds, tx: Tx): Promise<number> {
      const given = Object.entries(photos).filter((entry): entry is [string, string] => Boolean(entry[1]));
      if (given.length === 0) return 0;
      const claimed = await tx.execute(sql`
      update photos p set registration_id = ${registrationId}::uuid
      from unnest(${sql.param(given.map(([, id]) => id))}::uuid[], ${sql.param(given.map(([kind]) => kind))}::text[])
        as wanted(id, kind)
      where p.id = wanted.id and p.kind = wanted.kind and p.event_id = ${eventId}::uuid
        and p.registration_id is null and p.waitlist_entry_id is null
      returning p.id`);
      return rowsOf(claimed).length;
    },

    /** The number the registration's arrival took (the database's trigger, migration 0025). */
    async queueNumber(registrationId: string, tx: DbOrTx): Promise<number | null> {
      const result = await tx.execute(sql`select number from queue_entries where registration_id = ${registrationId}::uuid`);
      return rowsOf<{ number: number }>(result)[0]?.number ?? null;
    },
  };
}

/**
 * Checks a walk-in in at `at`, on its event's day (`day`, Buenos Aires) only, unless it has arrived,
 * is cancelled, or is a minor whose guardian has not approved (the check-in's own condition). Its
 * event when this call recorded it.
 */
export async function admitWalkIn(registrationId: string, at: Date, day: string, tx: Tx): Promise<string | undefined> {
  const [row] = await tx
    .update(modelRegistrations)
    .set({ attended: true, attendedAt: at, updatedAt: at })
    .where(
      and(
        eq(modelRegistrations.id, registrationId),
        eq(modelRegistrations.walkIn, true),
        eq(modelRegistrations.attended, false),
        sql`${modelRegistrations.status} <> 'cancelled'`,
        sql`${modelRegistrations.guardianStatus} in ('not_required', 'approved')`,
        sql`${modelRegistrations.eventId} in (select ${scoutingEvents.id} from ${scoutingEvents} where ${scoutingEvents.eventDate} = ${day}::date)`,
      ),
    )
    .returning({ eventId: modelRegistrations.eventId });
  return row?.eventId;
}
