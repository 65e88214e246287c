import type { createdDisplayKeySchema } from "@common/schemas/queue";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@web/lib/api";
import { displayKeysQuery } from "./list-display-keys";

export type CreatedDisplayKey = z.infer<typeof createdDisplayKeySchema>;

/** POST /api/events/:id/display-keys: the reply carries the screen's address, this once. */
export function useCreateDisplayKey(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string }) =>
      api<CreatedDisplayKey>(`/api/events/${encodeURIComponent(eventId)}/display-keys`, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: displayKeysQuery(eventId).queryKey }),
  });
}
