import type { doorPassSchema } from "@common/schemas/queue";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@web/lib/api";

export type DoorPass = z.infer<typeof doorPassSchema>;

/** GET /api/events/:id/door-passes: the event's passes, without their links (shown once). */
export const doorPassesQuery = (eventId: string) =>
  queryOptions({
    queryKey: ["events", eventId, "door-passes"],
    queryFn: ({ signal }) => api<{ items: DoorPass[] }>(`/api/events/${encodeURIComponent(eventId)}/door-passes`, { signal }),
  });

export const useDoorPasses = (eventId: string) => useQuery(doorPassesQuery(eventId));
