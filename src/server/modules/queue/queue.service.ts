/**
 * The rooms' side of the casting day's line (issue 35, ADR 024): call the next N or a number out of
 * turn, recall, mark seen or absent. Each is one transaction that locks what it changes, raises the
 * line's version and notifies the streams (at commit), and writes its audit rows.
 */
import { DEFAULT_CALL_COUNT, type QueueCallRequest, type QueueEntry, type QueueLine } from "@common/schemas/queue";
import type { Db, Tx } from "../../db/client";
import { recordAudit, type AuditContext } from "../audit/audit.record";
import { queueErrors } from "./queue.errors";
import { createQueueCallsRepository } from "./queue.calls.repository";
import { createQueueRepository } from "./queue.repository";
import { entryToApi, snapshotOf } from "./queue.snapshot";

/** Refuses (throws) a caller that may not act on the event (a door pass of another event). */
export type EventScope = (eventId: string) => void;

export type EntryAction = { kind: "seen" } | { kind: "recall" } | { kind: "absent"; then: "back" | "gone" };

const AUDITED = { seen: "queue.seen", recall: "queue.recall", absent: "queue.absent" } as const;

export function createQueueService({ db }: { db: Db }) {
  const repo = createQueueRepository(db);
  const calls = createQueueCallsRepository();

  async function line(eventId: string): Promise<QueueLine> {
    const read = await repo.readLine(eventId);
    if (!read) throw queueErrors.eventNotFound();
    return snapshotOf(read).line;
  }

  /**
   * The next `count` waiting (in line order) or one `number` out of turn, to `room`. Rooms calling at
   * once each get other people: the waiting rows are locked as they are taken, and those another
   * room holds are skipped. Nobody waiting: none called, nothing changes.
   */
  async function call(eventId: string, request: QueueCallRequest, audit: AuditContext): Promise<{ called: QueueEntry[] }> {
    const called = await db.transaction(async (tx) => {
      const ids =
        request.number === undefined
          ? await calls.lockNextWaiting(eventId, request.count ?? DEFAULT_CALL_COUNT, tx)
          : await lockNumber(eventId, request.number, tx);
      if (ids.length === 0) {
        if (!(await repo.eventExists(eventId, tx))) throw queueErrors.eventNotFound();
        return [];
      }
      await calls.call(ids, request.room, tx);
      await calls.changed(eventId, tx);
      const rows = await repo.find(ids, tx);
      for (const row of rows) {
        await recordAudit(tx, {
          ...audit,
          action: "queue.call",
          registrationId: row.registrationId,
          eventId,
          details: { number: row.number, room: request.room, outOfTurn: request.number !== undefined },
        });
      }
      return rows;
    });
    return { called: called.map(entryToApi) };
  }

  async function lockNumber(eventId: string, number: number, tx: Tx): Promise<string[]> {
    const entry = await calls.lockByNumber(eventId, number, tx);
    if (!entry) {
      if (!(await repo.eventExists(eventId, tx))) throw queueErrors.eventNotFound();
      throw queueErrors.numberNotFound(number);
    }
    if (entry.state !== "waiting") throw queueErrors.notWaiting(number);
    return [entry.id];
  }

  /** Seen, recall, absent: only for the person a room has called now. */
  async function act(entryId: string, action: EntryAction, scope: EventScope, audit: AuditContext): Promise<QueueEntry> {
    const row = await db.transaction(async (tx) => {
      const entry = await calls.lockById(entryId, tx);
      if (!entry) throw queueErrors.entryNotFound();
      scope(entry.eventId);
      if (entry.state !== "called") throw queueErrors.notCalled();
      if (action.kind === "seen") await calls.markSeen(entry.id, tx);
      else if (action.kind === "recall") await calls.recall(entry.id, tx);
      else await calls.markAbsent(entry.id, action.then, tx);
      await calls.changed(entry.eventId, tx);
      await recordAudit(tx, {
        ...audit,
        action: AUDITED[action.kind],
        registrationId: entry.registrationId,
        eventId: entry.eventId,
        details: { number: entry.number, room: entry.room, ...(action.kind === "absent" ? { then: action.then } : {}) },
      });
      const [updated] = await repo.find([entry.id], tx);
      return updated!;
    });
    return entryToApi(row);
  }

  return { line, call, act };
}
