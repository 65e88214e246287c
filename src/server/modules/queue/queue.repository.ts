/**
 * The casting day's line in the database (issue 35, ADR 024). The trigger of migration 0025 gives an
 * arriving person their number; here the rooms call, recall and mark, each change raising the
 * event's `queue_version` and notifying `queue_changes` in the same transaction (delivered at commit).
 * Locks are taken in one order everywhere, the entries then the event's row, as the trigger does.
 */
import { PACE_WINDOW_MINUTES } from "@common/schemas/queue";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { doorPasses, modelRegistrations, queueEntries, scoutingEvents } from "../../db/schema";

/** A place in the line with the card fields staff see. */
export interface EntryRow {
  id: string;
  eventId: string;
  registrationId: string;
  number: number;
  state: "waiting" | "called" | "seen" | "gone";
  room: string | null;
  queuedAt: Date;
  calledAt: Date | null;
  callCount: number;
  fullName: string;
  registrationCode: string;
  age: number;
}

/** One read of an event's line: every entry (the waiting in order first), and the event's version. */
export interface LineRead {
  eventId: string;
  eventName: string;
  version: number;
  /** Every entry, in line order (queued_at, number). */
  entries: Array<EntryRow & { calledRecently: boolean }>;
}

const entryColumns = {
  id: queueEntries.id,
  eventId: queueEntries.eventId,
  registrationId: queueEntries.registrationId,
  number: queueEntries.number,
  state: queueEntries.state,
  room: queueEntries.room,
  queuedAt: queueEntries.queuedAt,
  calledAt: queueEntries.calledAt,
  callCount: queueEntries.callCount,
  fullName: modelRegistrations.fullName,
  registrationCode: modelRegistrations.registrationCode,
  age: modelRegistrations.age,
};

const lineOrder = [asc(queueEntries.queuedAt), asc(queueEntries.number)];

export function createQueueRepository(db: Db) {
  const entries = (tx: DbOrTx) =>
    tx.select(entryColumns).from(queueEntries).innerJoin(modelRegistrations, eq(modelRegistrations.id, queueEntries.registrationId));

  return {
    /**
     * The whole line of an event in one statement (so the version and the entries are one snapshot),
     * with whether each entry's first call falls in the pace window (the database's clock, the one
     * that wrote it). Undefined for no such event.
     */
    async readLine(eventId: string): Promise<LineRead | undefined> {
      const rows = await db
        .select({
          eventName: scoutingEvents.eventName,
          version: scoutingEvents.queueVersion,
          ...entryColumns,
          calledRecently: sql<boolean>`coalesce(${queueEntries.firstCalledAt} > now() - ${sql.raw(`interval '${PACE_WINDOW_MINUTES} minutes'`)}, false)`,
        })
        .from(scoutingEvents)
        .leftJoin(queueEntries, eq(queueEntries.eventId, scoutingEvents.id))
        .leftJoin(modelRegistrations, eq(modelRegistrations.id, queueEntries.registrationId))
        .where(eq(scoutingEvents.id, eventId))
        .orderBy(...lineOrder);
      const [first] = rows;
      if (!first) return undefined;
      return {
        eventId,
        eventName: first.eventName,
        version: Number(first.version),
        entries: rows.filter((row) => row.id !== null).map((row) => ({ ...(row as EntryRow), calledRecently: row.calledRecently })),
      };
    },

    async eventExists(eventId: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: scoutingEvents.id }).from(scoutingEvents).where(eq(scoutingEvents.id, eventId));
      return row !== undefined;
    },

    /** The first `count` waiting, in line order, locked; those another room is calling right now are skipped. */
    async lockNextWaiting(eventId: string, count: number, tx: Tx): Promise<string[]> {
      const rows = await tx
        .select({ id: queueEntries.id })
        .from(queueEntries)
        .where(and(eq(queueEntries.eventId, eventId), eq(queueEntries.state, "waiting")))
        .orderBy(...lineOrder)
        .limit(count)
        .for("update", { skipLocked: true });
      return rows.map((row) => row.id);
    },

    /** The entry holding `number` in the event's line, locked (waiting for a room calling it now). */
    async lockByNumber(eventId: string, number: number, tx: Tx) {
      const [row] = await tx
        .select({ id: queueEntries.id, state: queueEntries.state })
        .from(queueEntries)
        .where(and(eq(queueEntries.eventId, eventId), eq(queueEntries.number, number)))
        .for("update");
      return row;
    },

    async lockById(id: string, tx: Tx) {
      const [row] = await tx
        .select({
          id: queueEntries.id,
          eventId: queueEntries.eventId,
          registrationId: queueEntries.registrationId,
          number: queueEntries.number,
          state: queueEntries.state,
          room: queueEntries.room,
        })
        .from(queueEntries)
        .where(eq(queueEntries.id, id))
        .for("update");
      return row;
    },

    /** Calls the (locked, waiting) entries to `room`: a first call counts for the pace. */
    async call(ids: string[], room: string, tx: Tx): Promise<void> {
      await tx
        .update(queueEntries)
        .set({
          state: "called",
          room,
          calledAt: sql`now()`,
          firstCalledAt: sql`coalesce(${queueEntries.firstCalledAt}, now())`,
          callCount: 1,
        })
        .where(and(inArray(queueEntries.id, ids), eq(queueEntries.state, "waiting")));
    },

    async recall(id: string, tx: Tx): Promise<void> {
      await tx
        .update(queueEntries)
        .set({ calledAt: sql`now()`, callCount: sql`${queueEntries.callCount} + 1` })
        .where(eq(queueEntries.id, id));
    },

    async markSeen(id: string, tx: Tx): Promise<void> {
      await tx.update(queueEntries).set({ state: "seen", doneAt: sql`now()` }).where(eq(queueEntries.id, id));
    },

    /** Absent: to the back of the line as if arriving now (the first call still counts for the pace), or gone. */
    async markAbsent(id: string, then: "back" | "gone", tx: Tx): Promise<void> {
      await tx
        .update(queueEntries)
        .set(
          then === "back"
            ? { state: "waiting", queuedAt: sql`now()`, room: null, calledAt: null, callCount: 0, doneAt: sql`now()` }
            : { state: "gone", doneAt: sql`now()` },
        )
        .where(eq(queueEntries.id, id));
    },

    /**
     * Raises the event's version and notifies every process (`<event id>:<version>`), at commit. Not
     * through Drizzle's update: the event's `updated_at` is the event's edits', not the line's.
     */
    async changed(eventId: string, tx: Tx): Promise<void> {
      await tx.execute(sql`
        with raised as (
          update ${scoutingEvents} set queue_version = queue_version + 1 where id = ${eventId} returning id, queue_version
        )
        select pg_notify('queue_changes', id::text || ':' || queue_version) from raised`);
    },

    /** Entries with their card fields, in line order. */
    async find(ids: string[], tx: DbOrTx = db): Promise<EntryRow[]> {
      if (ids.length === 0) return [];
      return entries(tx)
        .where(inArray(queueEntries.id, ids))
        .orderBy(...lineOrder);
    },

    /** The event a registration belongs to (the person's stream), or undefined when it is gone. */
    async eventOfRegistration(registrationId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ eventId: modelRegistrations.eventId })
        .from(modelRegistrations)
        .where(eq(modelRegistrations.id, registrationId));
      return row?.eventId;
    },

    /** Whether a door pass still opens its event: not revoked (deleted), not expired. */
    async doorPassLive(passId: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: doorPasses.id })
        .from(doorPasses)
        .where(and(eq(doorPasses.id, passId), gt(doorPasses.expiresAt, now)));
      return row !== undefined;
    },
  };
}

export type QueueRepository = ReturnType<typeof createQueueRepository>;
