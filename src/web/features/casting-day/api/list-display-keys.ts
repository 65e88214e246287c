import type { displayKeySchema } from "@common/schemas/queue";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@web/lib/api";

export type DisplayKey = z.infer<typeof displayKeySchema>;

/** GET /api/events/:id/display-keys: the venue's screens, without their addresses (shown once). */
export const displayKeysQuery = (eventId: string) =>
  queryOptions({
    queryKey: ["events", eventId, "display-keys"],
    queryFn: ({ signal }) => api<{ items: DisplayKey[] }>(`/api/events/${encodeURIComponent(eventId)}/display-keys`, { signal }),
  });

export const useDisplayKeys = (eventId: string) => useQuery(displayKeysQuery(eventId));
