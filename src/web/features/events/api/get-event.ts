import type { ScoutingEvent } from "@common/schemas/events";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

function getEvent(id: string, signal?: AbortSignal): Promise<ScoutingEvent> {
  return api<ScoutingEvent>(`/api/events/${encodeURIComponent(id)}`, { signal });
}

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["events", "detail", id],
    queryFn: ({ signal }) => getEvent(id, signal),
  });

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}
