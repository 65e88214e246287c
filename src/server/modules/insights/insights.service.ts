/**
 * Insights (issue 38): an event's figures and the events side by side, as of now. The database
 * aggregates (insights.repository.ts); this shapes the reply. The casting-day line does not exist
 * yet, so the door's line wait is null.
 */
import { AGENCY_TIME_ZONE } from "@common/dates-language";
import type { EventInsights, EventsInsights, InsightsQuery } from "@common/schemas/insights";
import type { Db } from "../../db/client";
import { eventErrors } from "../events/events.errors";
import { createInsightsRepository } from "./insights.repository";

type Figures = Omit<EventInsights, "eventId" | "timeZone" | "asOf" | "timeline" | "door"> & {
  unit: "hour" | "day";
  capacity: number;
  points: EventInsights["timeline"]["points"];
  arrivals: EventInsights["door"]["arrivals"];
};

export function createInsightsService(db: Db) {
  const repo = createInsightsRepository(db);
  return {
    async event(eventId: string, window: InsightsQuery): Promise<EventInsights> {
      const asOf = new Date().toISOString();
      const figures = (await repo.event(eventId, window)) as Figures | undefined;
      if (!figures) throw eventErrors.notFound();
      const { unit, capacity, points, funnel, bySource, slots, waitlist, ages, heights, arrivals } = figures;
      return {
        eventId,
        timeZone: AGENCY_TIME_ZONE,
        asOf,
        timeline: { unit, capacity: Number(capacity), points },
        funnel,
        bySource,
        slots,
        waitlist,
        ages,
        heights,
        door: { arrivals, lineWait: null },
      };
    },

    async events(window: InsightsQuery): Promise<EventsInsights> {
      const asOf = new Date().toISOString();
      const figures = (await repo.events(window)) as Pick<EventsInsights, "events" | "bySource">;
      return { timeZone: AGENCY_TIME_ZONE, asOf, ...figures };
    },
  };
}
