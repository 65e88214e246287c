import { shareApiPath, type ClientPick, type ClientPickInput } from "@common/schemas/selections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { clientSelectionQuery } from "./get-client-selection";

/** PUT /api/public/shares/:token/members/:memberId {favourite?, note?}: the reply updates the page's copy. */
export function useSaveClientPick(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, ...change }: ClientPickInput & { memberId: string }) =>
      api<ClientPick>(`${shareApiPath(token)}/members/${encodeURIComponent(memberId)}`, { method: "PUT", body: change }),
    onSuccess: (pick) =>
      client.setQueryData(
        clientSelectionQuery(token).queryKey,
        (current) =>
          current && {
            ...current,
            members: current.members.map((member) =>
              member.id === pick.memberId ? { ...member, favourite: pick.favourite, note: pick.note } : member,
            ),
          },
      ),
  });
}
