/**
 * The rooms' changes to the line (issue 35, ADR 024), each inside the caller's transaction: lock,
 * change, then `changed` raises the event's `queue_version` and notifies `queue_changes` (delivered
 * at commit). Locks are taken in one order everywhere, the entries then the event's row, as the
 * arrival's trigger (migration 0025) does.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { queueEntries, scoutingEvents } from "../../db/schema";
import { lineOrder } from "./queue.repository";

export function createQueueCallsRepository() {
  return {
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
      await tx
        .update(queueEntries)
        .set({ state: "seen", doneAt: sql`now()` })
        .where(eq(queueEntries.id, id));
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
  };
}
