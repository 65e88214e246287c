import type { createdDoorPassSchema } from "@common/schemas/queue";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@web/lib/api";
import { doorPassesQuery } from "./list-door-passes";

export type CreatedDoorPass = z.infer<typeof createdDoorPassSchema>;

/** POST /api/events/:id/door-passes: the reply carries the pass's link, this once. */
export function useCreateDoorPass(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; expiresAt: string }) =>
      api<CreatedDoorPass>(`/api/events/${encodeURIComponent(eventId)}/door-passes`, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: doorPassesQuery(eventId).queryKey }),
  });
}
