import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { tokensQuery } from "./list-tokens";

/** DELETE /api/tokens/:id: the token stops working at once. */
export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    // Refreshed after a failure too: a 404 means someone else already revoked it.
    onSettled: () => client.invalidateQueries({ queryKey: tokensQuery().queryKey }),
  });
}
