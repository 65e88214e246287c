import type { EventSummary } from "@common/schemas/events";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** Id, Event ID, name, date and status of every event, newest first: for event dropdowns. */
function getEventSummaries(signal?: AbortSignal): Promise<EventSummary[]> {
  return api<EventSummary[]>("/api/events?fields=summary", { signal });
}

export const eventSummariesQueryOptions = () =>
  queryOptions({
    queryKey: ["events", "summaries"],
    queryFn: ({ signal }) => getEventSummaries(signal),
  });

export function useEventSummaries() {
  return useQuery(eventSummariesQueryOptions());
}
