import { shareApiPath } from "@common/schemas/selections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { clientSelectionQuery } from "./get-client-selection";

/** POST /api/public/shares/:token/unlock {password}: this browser may open the link for a while. */
export function useUnlockShare(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api<void>(`${shareApiPath(token)}/unlock`, { method: "POST", body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: clientSelectionQuery(token).queryKey }),
  });
}
