import type { ScoutingEvent } from "@common/schemas/events";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** Every event with its slots and registration count, by event date. */
function getEvents(signal?: AbortSignal): Promise<ScoutingEvent[]> {
  return api<ScoutingEvent[]>("/api/events", { signal });
}

export const eventsQueryOptions = () =>
  queryOptions({
    queryKey: ["events", "list"],
    queryFn: ({ signal }) => getEvents(signal),
  });

export function useEvents() {
  return useQuery(eventsQueryOptions());
}
