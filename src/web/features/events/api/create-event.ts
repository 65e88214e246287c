import type { CreateEventBody, ScoutingEvent } from "@common/schemas/events";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { eventQueryOptions } from "./get-event";
import { eventSummariesQueryOptions } from "./get-event-summaries";
import { eventsQueryOptions } from "./get-events";

function createEvent(body: CreateEventBody): Promise<ScoutingEvent> {
  return api<ScoutingEvent>("/api/events", { method: "POST", body });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryOptions(event.id).queryKey, event);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: eventSummariesQueryOptions().queryKey }),
      ]);
    },
  });
}
