import type { SelectionSummary } from "@common/schemas/selections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { selectionsQuery } from "./list-selections";

/** POST /api/selections {name}: an empty selection. */
export function createSelection(name: string) {
  return api<SelectionSummary>("/api/selections", { method: "POST", body: { name } });
}

export function useCreateSelection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSelection,
    onSuccess: () => client.invalidateQueries({ queryKey: selectionsQuery().queryKey }),
  });
}
