/**
 * Insights (issue 38): an event's figures as of now, aggregated by the database, and the funnel of
 * each event side by side. Cancelled registrations are out of every figure (docs/product.md); an
 * erased one is gone from the database, so from every figure too. Times are the agency's (Buenos
 * Aires), written `YYYY-MM-DDTHH:MM` without an offset.
 */
import { z } from "zod";
import { calendarDate } from "./calendar-date";

/** `?from&to`: calendar dates (YYYY-MM-DD) in the agency's time zone, both included. */
export const insightsQuerySchema = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});

/** The funnel's stages, in order: registered → e-mail confirmed → came → shortlisted → callback → signed. */
export const FUNNEL_STAGES = ["registered", "emailConfirmed", "came", "shortlisted", "callback", "signed"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

const count = z.number().int();
export const funnelSchema = z.object({
  registered: count,
  emailConfirmed: count,
  came: count,
  /** Shortlisted, callback and signed count whoever reached the stage, also if moved on or discarded since. */
  shortlisted: count,
  callback: count,
  signed: count,
});

export const eventInsightsSchema = z.object({
  eventId: z.uuid(),
  timeZone: z.string(),
  /** When the figures were read. */
  asOf: z.string(),
  timeline: z.object({
    /** Hours when the first and the last registration's hours are at most 48 hours apart, else days. */
    unit: z.enum(["hour", "day"]),
    /** The slots' capacities summed: what the cumulative line is read against. */
    capacity: count,
    points: z.array(z.object({ at: z.string(), registrations: count, cumulative: count })),
  }),
  funnel: funnelSchema,
  /** Per source (a tracked link's slug or a utm_source; null: none), most registrations first. */
  bySource: z.array(funnelSchema.extend({ source: z.string().nullable() })),
  slots: z.array(
    z.object({
      id: z.uuid(),
      startTime: z.string(),
      endTime: z.string(),
      capacity: count,
      registered: count,
      came: count,
      /** Registered and not come, once the slot has ended; null before. */
      noShows: count.nullable(),
    }),
  ),
  /** The waiting list's entries by what became of them; `letGo`: offers declined or expired. */
  waitlist: z.object({ waiting: count, offered: count, accepted: count, letGo: count, removed: count }),
  ages: z.array(z.object({ age: count, count })),
  /** Heights in bands of 5 cm: [from, from + 5). */
  heights: z.array(z.object({ from: count, count })),
  door: z.object({
    /** Arrivals (check-ins) per 15 minutes, by the band's start. */
    arrivals: z.array(z.object({ at: z.string(), count })),
    /** The casting-day line's wait: null until that line exists. */
    lineWait: z.null(),
  }),
});

export const eventsInsightsSchema = z.object({
  timeZone: z.string(),
  asOf: z.string(),
  /** Events whose date is within ?from&to, by date. */
  events: z.array(z.object({ id: z.uuid(), eventName: z.string(), eventDate: z.string(), funnel: funnelSchema })),
  /** Sources across those events: which bring people who get shortlisted, not only who register. */
  bySource: z.array(funnelSchema.extend({ source: z.string().nullable() })),
});

export type InsightsQuery = z.infer<typeof insightsQuerySchema>;
export type Funnel = z.infer<typeof funnelSchema>;
export type EventInsights = z.infer<typeof eventInsightsSchema>;
export type EventsInsights = z.infer<typeof eventsInsightsSchema>;
