import type { CreatedShare, CreateShareInput } from "@common/schemas/selections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { selectionsQuery } from "./list-selections";

/** POST /api/selections/:id/shares: the link's URL, answered this once. */
export function useCreateShare(selectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShareInput) =>
      api<CreatedShare>(`/api/selections/${encodeURIComponent(selectionId)}/shares`, { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: selectionsQuery().queryKey }),
  });
}
