/**
 * The casting day's line (issue 35): what the rooms, the door, the person's phone and the venue's
 * screen send and receive. One contract for the server and the web (docs/api.md "Casting day").
 *
 * A checked-in person gets the event's next number and waits; a room calls the next N (or a number
 * out of turn), may recall, and marks the person seen, or absent: back of the line, or gone.
 */
import { z } from "zod";
import { t } from "../i18n";
import { CONTROL_CHARACTERS_MESSAGE, isOneLineText } from "../text";

export const QUEUE_STATES = ["waiting", "called", "seen", "gone"] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** How many a room calls at once when it does not say (the default). */
export const DEFAULT_CALL_COUNT = 5;
export const MAX_CALL_COUNT = 50;
export const ROOM_NAME_MAX = 40;
/** The called numbers a phone and the venue's screen show (the latest first). */
export const CALLED_SHOWN = 12;
/** The window the rooms' pace is measured over, and the fewest calls in it that make an estimate. */
export const PACE_WINDOW_MINUTES = 30;
export const PACE_MIN_CALLS = 3;

// The streams' event names and timings live in a zod-free module the public pages can import.
export { STREAM_EVENTS, STREAM_HEARTBEAT_SECONDS, STREAM_RETRY_MS } from "../queue-stream";

export const roomSchema = z
  .string()
  .trim()
  .min(1)
  .max(ROOM_NAME_MAX)
  .refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE });

/** A number called, and where: what phones and the venue's screen show (no names). */
export const calledNumberSchema = z.object({
  number: z.number().int(),
  room: z.string(),
  calledAt: z.iso.datetime({ offset: true }),
});
export type CalledNumber = z.infer<typeof calledNumberSchema>;

/** One place in the line, as staff see it (the person's card fields as the caller may see them). */
export const queueEntrySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  state: z.enum(QUEUE_STATES),
  room: z.string().nullable(),
  queuedAt: z.iso.datetime({ offset: true }),
  calledAt: z.iso.datetime({ offset: true }).nullable(),
  /** Calls and recalls of this turn (0 while waiting). */
  callCount: z.number().int(),
  registration: z.object({
    id: z.uuid(),
    fullName: z.string(),
    registrationCode: z.string(),
    age: z.number().int(),
  }),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/**
 * GET /api/events/:id/queue, and each `line` message of the staff stream: the waiting in order,
 * the called (the latest first), and the counts of those seen and gone.
 */
export const queueLineSchema = z.object({
  eventId: z.uuid(),
  /** The line's version (the streams' event id): raised by every change. */
  version: z.number().int(),
  waiting: z.array(queueEntrySchema),
  called: z.array(queueEntrySchema),
  seenCount: z.number().int(),
  goneCount: z.number().int(),
  /** Numbers called per minute over the last PACE_WINDOW_MINUTES, all rooms; null with fewer than PACE_MIN_CALLS calls. */
  pacePerMinute: z.number().nullable(),
  /** The rooms that called in this event, for the room screen's choice. */
  rooms: z.array(z.string()),
});
export type QueueLine = z.infer<typeof queueLineSchema>;

/** POST /api/events/:id/queue/call: the next `count` (default 5), or one `number` out of turn. */
export const queueCallRequestSchema = z
  .object({
    count: z.number().int().min(1).max(MAX_CALL_COUNT).optional(),
    number: z.number().int().min(1).optional(),
    room: roomSchema,
  })
  .strict()
  .refine((body) => body.count === undefined || body.number === undefined, {
    message: "count or number, not both",
    path: ["number"],
  });
export type QueueCallRequest = z.output<typeof queueCallRequestSchema>;

/** The numbers this call gave to the room: none when nobody was waiting. */
export const queueCallResponseSchema = z.object({ called: z.array(queueEntrySchema) });

/** POST /api/queue/:entryId/absent: to the back of the line, or gone for good. */
export const queueAbsentRequestSchema = z.object({ then: z.enum(["back", "gone"]) }).strict();
/** POST /api/queue/:entryId/{seen|absent|recall}: the entry as it is now. */
export const queueEntryResponseSchema = queueEntrySchema;

/**
 * The person's own place (GET /api/public/queue/stream, each `place` message): their number once
 * checked in (null before), how many wait ahead of them, the estimate, and the numbers being called.
 */
export const queuePlaceSchema = z.object({
  eventId: z.uuid(),
  version: z.number().int(),
  number: z.number().int().nullable(),
  state: z.enum(QUEUE_STATES).nullable(),
  /** The room calling them (state called). */
  room: z.string().nullable(),
  /** When they were last called or recalled: a new value is a new call (the phone alerts again). */
  calledAt: z.iso.datetime({ offset: true }).nullable(),
  /** Waiting ahead of them (state waiting), else null. */
  ahead: z.number().int().nullable(),
  /** Minutes until their turn at the rooms' recent pace; null without an estimate. */
  estimatedWaitMinutes: z.number().int().nullable(),
  called: z.array(calledNumberSchema),
});
export type QueuePlace = z.infer<typeof queuePlaceSchema>;

/** The venue's screen (GET /api/public/events/:id/display/stream, each `display` message): numbers only. */
export const queueDisplaySchema = z.object({
  eventId: z.uuid(),
  eventName: z.string(),
  version: z.number().int(),
  called: z.array(calledNumberSchema),
});
export type QueueDisplay = z.infer<typeof queueDisplaySchema>;

export const DISPLAY_KEY_NAME_MAX = 80;
/** POST /api/events/:id/display-keys */
export const createDisplayKeySchema = z
  .object({
    name: z.string().trim().min(1).max(DISPLAY_KEY_NAME_MAX).refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE }),
  })
  .strict();
export const displayKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
/** The key's address is shown once, when made. */
export const createdDisplayKeySchema = displayKeySchema.extend({ url: z.url() });
export const displayKeyListSchema = z.object({ items: z.array(displayKeySchema) });

export const DOOR_PASS_NAME_MAX = 80;
/** A pass lasts at most this long. */
export const DOOR_PASS_MAX_HOURS = 24;
/** What a door pass holds (@common/permissions), at its one event only. */
export const DOOR_PASS_CAPABILITIES = ["checkins.perform", "queue.call"] as const;

/** POST /api/events/:id/door-passes */
export const createDoorPassSchema = z
  .object({
    name: z.string().trim().min(1).max(DOOR_PASS_NAME_MAX).refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE }),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .strict();
export const doorPassSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
/** The pass's link (its QR code draws it) is shown once, when made. */
export const createdDoorPassSchema = z.object({ id: z.uuid(), url: z.url(), expiresAt: z.iso.datetime({ offset: true }) });
export const doorPassListSchema = z.object({ items: z.array(doorPassSchema) });

/** An event's walk-ins (event field `walkIns`): off by default; `dailyCap` null means no cap. */
export const WALK_INS_DAILY_CAP_MAX = 10000;
/** One rule in words for whatever is wrong with a cap (the event form shows it under the field). */
const dailyCapError = { error: () => t("events.validation.walkInsCap", { max: WALK_INS_DAILY_CAP_MAX }) };
export const walkInsSchema = z
  .object({
    enabled: z.boolean(),
    dailyCap: z
      .number(dailyCapError)
      .int(dailyCapError)
      .min(1, dailyCapError)
      .max(WALK_INS_DAILY_CAP_MAX, dailyCapError)
      .nullable(),
  })
  .strict();
export type WalkIns = z.infer<typeof walkInsSchema>;
