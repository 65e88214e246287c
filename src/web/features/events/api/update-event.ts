import type { ScoutingEvent, UpdateEventBody } from "@common/schemas/events";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { eventQueryOptions } from "./get-event";
import { eventSummariesQueryOptions } from "./get-event-summaries";
import { eventsQueryOptions } from "./get-events";

/** Saves the event with its full slot list (slots with an id updated, without added, missing removed). */
function updateEvent({ id, body }: { id: string; body: UpdateEventBody }): Promise<ScoutingEvent> {
  return api<ScoutingEvent>(`/api/events/${encodeURIComponent(id)}`, { method: "PUT", body });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryOptions(event.id).queryKey, event);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: eventSummariesQueryOptions().queryKey }),
      ]);
    },
  });
}
