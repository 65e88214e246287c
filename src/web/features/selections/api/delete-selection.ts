import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { selectionQuery } from "./get-selection";
import { selectionsQuery } from "./list-selections";

/** DELETE /api/selections/:id: its links stop working at once. */
export function useDeleteSelection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/selections/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      client.removeQueries({ queryKey: selectionQuery(id).queryKey });
      return client.invalidateQueries({ queryKey: selectionsQuery().queryKey, exact: true });
    },
  });
}
