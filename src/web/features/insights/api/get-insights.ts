import type { EventInsights, EventsInsights, InsightsQuery } from "@common/schemas/insights";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** The figures are as of now: read again every 30 s while the page is open (issue 38). */
export const INSIGHTS_REFRESH_MS = 30_000;

const query = ({ from, to }: InsightsQuery) => {
  const params = new URLSearchParams();
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  const text = params.toString();
  return text ? `?${text}` : "";
};

/** GET /api/events/:id/insights */
export const eventInsightsQueryOptions = (eventId: string, window: InsightsQuery = {}) =>
  queryOptions({
    queryKey: ["insights", "event", eventId, window],
    queryFn: ({ signal }) =>
      api<EventInsights>(`/api/events/${encodeURIComponent(eventId)}/insights${query(window)}`, { signal }),
    refetchInterval: INSIGHTS_REFRESH_MS,
  });

export function useEventInsights(eventId: string, window: InsightsQuery = {}) {
  return useQuery(eventInsightsQueryOptions(eventId, window));
}

/** GET /api/insights/events */
export const eventsInsightsQueryOptions = (window: InsightsQuery = {}) =>
  queryOptions({
    queryKey: ["insights", "events", window],
    queryFn: ({ signal }) => api<EventsInsights>(`/api/insights/events${query(window)}`, { signal }),
    refetchInterval: INSIGHTS_REFRESH_MS,
  });

export function useEventsInsights(window: InsightsQuery = {}) {
  return useQuery(eventsInsightsQueryOptions(window));
}
