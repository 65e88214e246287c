import type { QueueLine } from "@common/schemas/queue";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** How often the screen asks for the line while its live stream is closed for good. */
export const LINE_POLL_MS = 5000;

/**
 * GET /api/events/:id/queue: the waiting, the called and the pace (issue 35). The stream
 * (use-live-line.ts) writes newer versions into the same cache entry; a fetch that answers after a
 * newer message arrived keeps the newer one, so the screen never goes back in time.
 */
export const queueLineQuery = (eventId: string) =>
  queryOptions({
    queryKey: ["events", eventId, "queue"],
    queryFn: async ({ signal, client, queryKey }) => {
      const line = await api<QueueLine>(`/api/events/${encodeURIComponent(eventId)}/queue`, { signal });
      const shown = client.getQueryData<QueueLine>(queryKey);
      return shown && shown.version > line.version ? shown : line;
    },
  });

export function useQueueLine(eventId: string, { poll }: { poll: boolean }) {
  return useQuery({ ...queueLineQuery(eventId), refetchInterval: poll ? LINE_POLL_MS : false });
}
