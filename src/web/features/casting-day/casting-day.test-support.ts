/** The casting day's test data: the line and its entries as the API answers them (@common/schemas/queue). */
import type { QueueEntry, QueueLine } from "@common/schemas/queue";
import type { SessionUser } from "@common/schemas/accounts";
import type { Role } from "@common/permissions";
import { DOOR_PASS_CAPABILITIES } from "@common/schemas/queue";
import { sessionReply } from "@web/test/session";

export const EVENT_ID = "5b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e";

const NAMES = ["Ana Pérez", "Beto Gómez", "Caro Díaz", "Dani Ruiz", "Eli Soto", "Fede Paz", "Gabi Luna"];

/** The entry holding `number`; its id and its person's follow from the number. */
export function entry(number: number, overrides: Partial<QueueEntry> = {}): QueueEntry {
  const suffix = String(number).padStart(12, "0");
  return {
    id: `0e000000-0000-4000-8000-${suffix}`,
    number,
    state: "waiting",
    room: null,
    queuedAt: "2026-03-05T13:00:00.000Z",
    calledAt: null,
    callCount: 0,
    registration: {
      id: `0f000000-0000-4000-8000-${suffix}`,
      fullName: NAMES[(number - 1) % NAMES.length] ?? "Nadie",
      registrationCode: `OC-${suffix.slice(-6)}`,
      age: 19,
    },
    ...overrides,
  };
}

/** `number` called by `room` at 10:05 in Buenos Aires. */
export const called = (number: number, room: string, overrides: Partial<QueueEntry> = {}) =>
  entry(number, { state: "called", room, calledAt: "2026-03-05T13:05:00.000Z", callCount: 1, ...overrides });

export function queueLine(overrides: Partial<QueueLine> = {}): QueueLine {
  return {
    eventId: EVENT_ID,
    version: 1,
    waiting: [],
    called: [],
    seenCount: 0,
    goneCount: 0,
    pacePerMinute: null,
    rooms: [],
    ...overrides,
  };
}

export const EVENT_SUMMARY = {
  id: EVENT_ID,
  scoutingId: "EV-2026-0007",
  eventName: "Casting de otoño",
  eventDate: "2026-03-05",
  status: "active",
} as const;

/** A volunteer's door pass (issue 35), expiring at 18:00 in Buenos Aires. */
export const PASS: NonNullable<SessionUser["pass"]> = {
  id: "7a000000-0000-4000-8000-000000000001",
  name: "Juli en la puerta",
  expiresAt: "2026-03-05T21:00:00.000Z",
  event: { id: EVENT_ID, eventName: EVENT_SUMMARY.eventName, eventDate: EVENT_SUMMARY.eventDate },
};

/** GET /api/session's reply for a phone signed in with PASS: the pass's name, its capabilities only. */
export const passSessionReply = (role: Role = "member") =>
  sessionReply(role, { fullName: PASS.name, email: "", permissions: [...DOOR_PASS_CAPABILITIES], pass: PASS });
