import type { QueueEntry } from "@common/schemas/queue";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { queueLineQuery } from "./queue-line";

/** What a room does with a number it called: call it again, seen, or absent (back of the line, or gone). */
export type QueueEntryAction = { action: "recall" } | { action: "seen" } | { action: "absent"; then: "back" | "gone" };

/** POST /api/queue/:entryId/{recall|seen|absent}: the entry as the server left it. */
export function useUpdateQueueEntry(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, ...change }: QueueEntryAction & { entryId: string }) =>
      api<QueueEntry>(`/api/queue/${encodeURIComponent(entryId)}/${change.action}`, {
        method: "POST",
        body: change.action === "absent" ? { then: change.then } : {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: queueLineQuery(eventId).queryKey }),
  });
}
