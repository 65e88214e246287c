import type { QueueCallRequest, QueueEntry } from "@common/schemas/queue";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { queueLineQuery } from "./queue-line";

/** POST /api/events/:id/queue/call: the next `count`, or one `number` out of turn, to this room. */
export function useCallQueue(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QueueCallRequest) =>
      api<{ called: QueueEntry[] }>(`/api/events/${encodeURIComponent(eventId)}/queue/call`, { method: "POST", body }),
    // The stream brings the change too; reading the line again covers a stream that is down.
    onSettled: () => client.invalidateQueries({ queryKey: queueLineQuery(eventId).queryKey }),
  });
}
