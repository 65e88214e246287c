import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { doorPassesQuery } from "./list-door-passes";

/** DELETE /api/door-passes/:id: the phone using it is signed out at once. */
export function useRevokeDoorPass(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/door-passes/${encodeURIComponent(id)}`, { method: "DELETE" }),
    // Refreshed after a failure too: a 404 means someone else already revoked it.
    onSettled: () => client.invalidateQueries({ queryKey: doorPassesQuery(eventId).queryKey }),
  });
}
