import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { selectionsQuery } from "./list-selections";

/** DELETE /api/shares/:id: the link and its photos answer 404 from now on. */
export function useRevokeShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => api<void>(`/api/shares/${encodeURIComponent(shareId)}`, { method: "DELETE" }),
    // Refreshed after a failure too: someone may have revoked it already.
    onSettled: () => client.invalidateQueries({ queryKey: selectionsQuery().queryKey }),
  });
}
