import type { Selection } from "@common/schemas/selections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { selectionQuery } from "./get-selection";
import { selectionsQuery } from "./list-selections";

/** PUT /api/selections/:id/members: the whole list, in order; the reply is the selection as it is now. */
export function setSelectionMembers(id: string, registrationIds: string[]) {
  return api<Selection>(`/api/selections/${encodeURIComponent(id)}/members`, { method: "PUT", body: { registrationIds } });
}

export function useSetMembers(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (registrationIds: string[]) => setSelectionMembers(id, registrationIds),
    onSuccess: (selection) => {
      client.setQueryData(selectionQuery(id).queryKey, selection);
      return client.invalidateQueries({ queryKey: selectionsQuery().queryKey, exact: true });
    },
  });
}
