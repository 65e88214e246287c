import type { SelectionSummary } from "@common/schemas/selections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { selectionsQuery } from "./list-selections";

/** PATCH /api/selections/:id {name}. */
export function useRenameSelection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<SelectionSummary>(`/api/selections/${encodeURIComponent(id)}`, { method: "PATCH", body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: selectionsQuery().queryKey }),
  });
}
