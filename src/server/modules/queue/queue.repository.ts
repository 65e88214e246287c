/**
 * The casting day's line as it is read (issue 35, ADR 024): the whole line of an event in one
 * statement, places with their card fields, and what the streams check. The trigger of migration
 * 0025 gives an arriving person their number; the rooms' changes are queue.calls.repository.ts.
 */
import { PACE_WINDOW_MINUTES } from "@common/schemas/queue";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
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

export const lineOrder = [asc(queueEntries.queuedAt), asc(queueEntries.number)];

export function createQueueRepository(db: Db) {
  const entries = (tx: DbOrTx) =>
    tx
      .select(entryColumns)
      .from(queueEntries)
      .innerJoin(modelRegistrations, eq(modelRegistrations.id, queueEntries.registrationId));

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
        entries: rows
          .filter((row) => row.id !== null)
          .map((row) => ({ ...(row as EntryRow), calledRecently: row.calledRecently })),
      };
    },

    async eventExists(eventId: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: scoutingEvents.id }).from(scoutingEvents).where(eq(scoutingEvents.id, eventId));
      return row !== undefined;
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
