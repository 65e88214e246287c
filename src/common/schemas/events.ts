/**
 * Scouting events: the one schema of the event form (docs/product.md §5 "Event form"), used by the React
 * form (zodResolver) and by POST/PUT /api/events, and the shapes the API answers with.
 */
import { z } from "zod";
import { EVENT_KINDS, EVENT_STATUSES, TIMESLOT_MIN_CAPACITY } from "../constants";
import { isStorableIsoDate } from "../dates";
import { PHOTO_SETTINGS } from "../photos";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "../slugs";
import { walkInsSchema } from "./queue";
import { CONTROL_CHARACTERS_MESSAGE, isMultiLineText, isOneLineText } from "../text";
import { t, type MessageId } from "../i18n";

export const MAX_TIMESLOTS_PER_EVENT = 50;
const NAME_MAX = 200;
const LOCATION_MAX = 300;
const LONG_TEXT_MAX = 5000;

/** Wall-clock `HH:MM` (what `<input type="time">` gives). No end-after-start check (docs/product.md §5). */
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const tooLong = (max: number) => ({ error: () => t("events.validation.tooLong", { max }) });

const requiredText = (required: MessageId, max: number) =>
  z
    .string({ error: () => t(required) })
    .trim()
    .min(1, { error: () => t(required) })
    .max(max, tooLong(max))
    .refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE });

/** A description or a message: line breaks and tabs are its own, no other control character. */
const optionalText = (max: number) =>
  z.string().trim().max(max, tooLong(max)).refine(isMultiLineText, { error: CONTROL_CHARACTERS_MESSAGE }).default("");

/**
 * An event's short address (`/e/<slug>`, src/common/slugs.ts). Capitals are taken as lower case;
 * anything else outside the rule is refused with the rule in words.
 */
export const eventSlugSchema = z
  .string({ error: () => t("events.validation.slugRequired") })
  .trim()
  .toLowerCase()
  .min(1, { error: () => t("events.validation.slugRequired"), abort: true })
  .max(SLUG_MAX_LENGTH, { ...tooLong(SLUG_MAX_LENGTH), abort: true })
  .regex(SLUG_PATTERN, { error: () => t("events.validation.slugInvalid") });

export const timeslotInputSchema = z.object({
  /** Present: update that slot. Absent: add a new one (PUT); ignored on create. */
  id: z.uuid().optional(),
  startTime: z
    .string({ error: () => t("events.validation.startTimeRequired") })
    .regex(HH_MM, { error: () => t("events.validation.startTimeRequired") }),
  endTime: z
    .string({ error: () => t("events.validation.endTimeRequired") })
    .regex(HH_MM, { error: () => t("events.validation.endTimeRequired") }),
  capacity: z
    .number({ error: () => t("events.validation.capacityInteger") })
    .int({ error: () => t("events.validation.capacityInteger") })
    .min(TIMESLOT_MIN_CAPACITY, { error: () => t("events.validation.capacityMin", { min: TIMESLOT_MIN_CAPACITY }) })
    .max(100_000, { error: () => t("events.validation.capacityInteger") }),
});

const eventFields = z.object({
  eventName: requiredText("events.validation.eventNameRequired", NAME_MAX),
  eventDate: z
    .string({ error: () => t("events.validation.eventDateRequired") })
    .min(1, { error: () => t("events.validation.eventDateRequired"), abort: true })
    .refine(isStorableIsoDate, { error: () => t("events.validation.eventDateInvalid") }),
  location: requiredText("events.validation.locationRequired", LOCATION_MAX),
  description: optionalText(LONG_TEXT_MAX),
  confirmationDetails: optionalText(LONG_TEXT_MAX),
  /** Whether the public form asks for photos (issue 17). Absent: required on a new event, unchanged on an edit. */
  photos: z.enum(PHOTO_SETTINGS).optional(),
  /** The short address. Absent: made from the name on a new event (unique), unchanged on an edit. */
  slug: eventSlugSchema.optional(),
  /** Registering at the door on the day (issue 35). Absent: off on a new event, unchanged on an edit. */
  walkIns: walkInsSchema.optional(),
  timeslots: z
    .array(timeslotInputSchema, { error: () => t("events.validation.timeslotsRequired") })
    .min(1, { error: () => t("events.validation.timeslotsRequired") })
    .max(MAX_TIMESLOTS_PER_EVENT, { error: () => t("events.validation.timeslotsTooMany", { max: MAX_TIMESLOTS_PER_EVENT }) }),
  /**
   * An open call (the default) or a callback of one (issue 36), fixed at creation: a callback names
   * its open call in `callbackOf`, an open call names none. On an edit, absent means unchanged.
   */
  kind: z.enum(EVENT_KINDS).optional(),
  callbackOf: z
    .uuid({ error: () => t("events.validation.callbackOfRequired") })
    .nullable()
    .optional(),
});

/** A callback names its open call; an open call names none. */
function kindRule(
  value: { kind?: "open" | "callback" | undefined; callbackOf?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.kind === "callback" && !value.callbackOf)
    ctx.addIssue({ code: "custom", path: ["callbackOf"], message: t("events.validation.callbackOfRequired") });
  if (value.kind !== "callback" && value.callbackOf)
    ctx.addIssue({ code: "custom", path: ["callbackOf"], message: t("events.validation.callbackOfOnlyForCallbacks") });
}

export const createEventSchema = eventFields.superRefine(kindRule);

/**
 * PUT /api/events/:id: the event with its status and its FULL slot list. Slots with an id are
 * updated, slots without one are added, the event's slots missing from the list are removed.
 */
export const updateEventSchema = eventFields
  .extend({
    status: z.enum(EVENT_STATUSES),
    /**
     * A slot's capacity below the registrations it already holds is refused (409
     * `capacity_below_registrations`) unless the person confirmed it and this is true.
     */
    confirmCapacityBelowRegistrations: z.boolean().optional(),
  })
  .superRefine(kindRule);

export type TimeslotInput = z.input<typeof timeslotInputSchema>;
export type CreateEventInput = z.input<typeof createEventSchema>;
export type CreateEventBody = z.output<typeof createEventSchema>;
export type UpdateEventInput = z.input<typeof updateEventSchema>;
export type UpdateEventBody = z.output<typeof updateEventSchema>;

// ---------------------------------------------------------------- what the API answers

export const timeslotSchema = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  /** Registrations holding the slot (pending and confirmed). */
  registrationCount: z.number().int(),
  /** capacity − registrationCount, never below 0; computed by the server. */
  availableSpots: z.number().int(),
});

export const eventSchema = z.object({
  id: z.uuid(),
  scoutingId: z.string(),
  /** The short address's part: the registration page is also at `/e/<slug>`. */
  slug: z.string(),
  eventName: z.string(),
  /** `YYYY-MM-DD`: a calendar date, never a timestamp. */
  eventDate: z.string(),
  location: z.string(),
  description: z.string(),
  confirmationDetails: z.string(),
  status: z.enum(EVENT_STATUSES),
  photos: z.enum(PHOTO_SETTINGS),
  /** `callback`: a callback of the open call `callbackOf` (issue 36), never public. */
  kind: z.enum(EVENT_KINDS),
  callbackOf: z.uuid().nullable(),
  /** Whether people may register at the door from the walk-in poster, and how many a day (null: no cap). */
  walkIns: walkInsSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  registrationCount: z.number().int(),
  /** Ordered by start time. */
  timeslots: z.array(timeslotSchema),
});

/** GET /api/events?fields=summary: what a dropdown of events needs, newest first. */
export const eventSummarySchema = z.object({
  id: z.uuid(),
  scoutingId: z.string(),
  eventName: z.string(),
  eventDate: z.string(),
  status: z.enum(EVENT_STATUSES),
});

export const listEventsQuerySchema = z.object({
  fields: z.enum(["full", "summary"]).default("full"),
});

export type Timeslot = z.infer<typeof timeslotSchema>;
export type ScoutingEvent = z.infer<typeof eventSchema>;
export type EventSummary = z.infer<typeof eventSummarySchema>;
