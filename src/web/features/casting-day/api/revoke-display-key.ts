import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { displayKeysQuery } from "./list-display-keys";

/** DELETE /api/display-keys/:id: the screen stops showing the line at once. */
export function useRevokeDisplayKey(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/display-keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    // Refreshed after a failure too: a 404 means someone else already revoked it.
    onSettled: () => client.invalidateQueries({ queryKey: displayKeysQuery(eventId).queryKey }),
  });
}
