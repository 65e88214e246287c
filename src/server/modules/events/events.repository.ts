/**
 * Scouting events and their slot rows. Plain async functions over `db`; each accepts an
 * optional transaction.
 */
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { eventTimeslots, scoutingEvents, type ScoutingEventRow } from "../../db/schema";

export type EventsRepository = ReturnType<typeof createEventsRepository>;

type EventValues = Pick<ScoutingEventRow, "eventName" | "eventDate" | "location" | "description" | "confirmationDetails">;
type SlotValues = { startTime: string; endTime: string; capacity: number };

// Written out in full: inside a subquery Drizzle would render the columns unqualified, and
// "event_id = id" would then compare two columns of model_registrations.
const registrationCount =
  sql<number>`(select count(*) from "model_registrations" where "model_registrations"."event_id" = "scouting_events"."id" and "model_registrations"."status" <> 'cancelled')`.mapWith(
    Number,
  );

export function createEventsRepository(db: Db) {
  return {
    /** All events with their registration count, by event date (then creation). */
    async listWithCounts(tx: DbOrTx = db): Promise<Array<{ event: ScoutingEventRow; registrationCount: number }>> {
      return tx
        .select({ event: scoutingEvents, registrationCount })
        .from(scoutingEvents)
        .orderBy(asc(scoutingEvents.eventDate), asc(scoutingEvents.createdAt));
    },

    /** Id, name, date and status of every event, newest first (dropdowns). */
    async listSummaries(tx: DbOrTx = db) {
      return tx
        .select({
          id: scoutingEvents.id,
          scoutingId: scoutingEvents.scoutingId,
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          status: scoutingEvents.status,
        })
        .from(scoutingEvents)
        .orderBy(desc(scoutingEvents.createdAt));
    },

    async findWithCount(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ event: scoutingEvents, registrationCount })
        .from(scoutingEvents)
        .where(eq(scoutingEvents.id, id));
      return row ?? null;
    },

    /**
     * Locks the event row against other edits. NO KEY UPDATE (not UPDATE) so that inserting a
     * registration, whose foreign key takes KEY SHARE on the event, is never blocked by it.
     */
    async lockForEdit(id: string, tx: Tx): Promise<ScoutingEventRow | null> {
      const [row] = await tx.select().from(scoutingEvents).where(eq(scoutingEvents.id, id)).for("no key update");
      return row ?? null;
    },

    /** An event's kind (open call or callback; fixed at creation), undefined when there is no such event. */
    async findKind(id: string, tx: DbOrTx = db) {
      const [row] = await tx.select({ kind: scoutingEvents.kind }).from(scoutingEvents).where(eq(scoutingEvents.id, id));
      return row?.kind;
    },
    async insert(
      values: EventValues &
        Pick<ScoutingEventRow, "photos" | "slug" | "kind" | "callbackOf" | "walkInsEnabled" | "walkInsDailyCap"> & {
          scoutingId: string;
          createdBy: string | null;
        },
      tx: DbOrTx = db,
    ) {
      const [row] = await tx.insert(scoutingEvents).values(values).returning();
      if (!row) throw new Error("event insert returned no row");
      return row;
    },

    async update(
      id: string,
      values: EventValues &
        Pick<ScoutingEventRow, "status"> &
        Partial<Pick<ScoutingEventRow, "photos" | "slug" | "walkInsEnabled" | "walkInsDailyCap">>,
      tx: DbOrTx = db,
    ) {
      await tx.update(scoutingEvents).set(values).where(eq(scoutingEvents.id, id));
    },

    async insertTimeslots(eventId: string, slots: SlotValues[], tx: DbOrTx = db) {
      if (slots.length === 0) return;
      await tx.insert(eventTimeslots).values(slots.map((slot) => ({ eventId, ...slot })));
    },

    async updateTimeslot(id: string, slot: SlotValues, tx: DbOrTx = db) {
      await tx.update(eventTimeslots).set(slot).where(eq(eventTimeslots.id, id));
    },

    async deleteTimeslots(ids: string[], tx: DbOrTx = db) {
      if (ids.length === 0) return;
      await tx.delete(eventTimeslots).where(inArray(eventTimeslots.id, ids));
    },
  };
}
