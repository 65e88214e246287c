/**
 * One read of an event's line, shaped once for everyone who watches it (ADR 024): the staff's line,
 * the venue screen's numbers, and each person's place, derived from it without another query (a
 * phone's message is a lookup in a map made once per read).
 */
import {
  CALLED_SHOWN,
  PACE_MIN_CALLS,
  PACE_WINDOW_MINUTES,
  type CalledNumber,
  type QueueDisplay,
  type QueueEntry,
  type QueueLine,
  type QueuePlace,
} from "@common/schemas/queue";
import type { EntryRow, LineRead } from "./queue.repository";

export interface QueueSnapshot {
  eventId: string;
  version: number;
  line: QueueLine;
  display: QueueDisplay;
  /** The place of a registration of this event: all null but `called` before its check-in. */
  placeOf(registrationId: string): QueuePlace;
}

/**
 * A place in the line as staff see it. Name, code and age are hidden by no capability
 * (registrations.redact.ts): whoever may check people in sees them.
 */
export function entryToApi(row: EntryRow): QueueEntry {
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    room: row.room,
    queuedAt: row.queuedAt.toISOString(),
    calledAt: row.calledAt?.toISOString() ?? null,
    callCount: row.callCount,
    registration: { id: row.registrationId, fullName: row.fullName, registrationCode: row.registrationCode, age: row.age },
  };
}

/** Numbers called per minute over the last PACE_WINDOW_MINUTES; null under PACE_MIN_CALLS first calls. */
export function paceOf(recentFirstCalls: number): number | null {
  return recentFirstCalls >= PACE_MIN_CALLS ? recentFirstCalls / PACE_WINDOW_MINUTES : null;
}

/** Minutes until a person with `ahead` waiting before them is called, at `pace`. */
export function waitMinutes(ahead: number, pace: number | null): number | null {
  return pace === null ? null : Math.ceil(ahead / pace);
}

/** The latest call first; a batch called at once, by number. */
const byLatestCall = (a: EntryRow, b: EntryRow) => b.calledAt!.getTime() - a.calledAt!.getTime() || a.number - b.number;

export function snapshotOf(read: LineRead): QueueSnapshot {
  const { eventId, eventName, version } = read;
  const waiting: EntryRow[] = [];
  const called: EntryRow[] = [];
  const rooms = new Set<string>();
  let seenCount = 0;
  let goneCount = 0;
  let recentFirstCalls = 0;
  for (const entry of read.entries) {
    if (entry.state === "waiting") waiting.push(entry);
    else if (entry.state === "called") called.push(entry);
    else if (entry.state === "seen") seenCount++;
    else goneCount++;
    if (entry.room !== null) rooms.add(entry.room);
    if (entry.calledRecently) recentFirstCalls++;
  }
  called.sort(byLatestCall);
  const pacePerMinute = paceOf(recentFirstCalls);
  const calledShown: CalledNumber[] = called
    .slice(0, CALLED_SHOWN)
    .map((entry) => ({ number: entry.number, room: entry.room!, calledAt: entry.calledAt!.toISOString() }));

  const line: QueueLine = {
    eventId,
    version,
    waiting: waiting.map(entryToApi),
    called: called.map(entryToApi),
    seenCount,
    goneCount,
    pacePerMinute,
    rooms: [...rooms].sort((a, b) => a.localeCompare(b)),
  };

  const byRegistration = new Map(read.entries.map((entry) => [entry.registrationId, entry]));
  const aheadOf = new Map(waiting.map((entry, index) => [entry.id, index]));
  const placeOf = (registrationId: string): QueuePlace => {
    const entry = byRegistration.get(registrationId);
    const ahead = entry ? (aheadOf.get(entry.id) ?? null) : null;
    return {
      eventId,
      version,
      number: entry?.number ?? null,
      state: entry?.state ?? null,
      room: entry?.state === "called" ? entry.room : null,
      calledAt: entry?.calledAt?.toISOString() ?? null,
      ahead,
      estimatedWaitMinutes: ahead === null ? null : waitMinutes(ahead, pacePerMinute),
      called: calledShown,
    };
  };

  return { eventId, version, line, display: { eventId, eventName, version, called: calledShown }, placeOf };
}
