import type { GuardianDecision, GuardianView } from "@common/schemas/privacy";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** GET /api/public/guardian?t=…: what the guardian is asked to approve. */
export const guardianViewQuery = (token: string) =>
  queryOptions({
    queryKey: ["guardian", token],
    queryFn: ({ signal }) => api<GuardianView>(`/api/public/guardian?t=${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

export const useGuardianView = (token: string) => useQuery(guardianViewQuery(token));

/** POST /api/public/guardian/decision: final; a second decision is answered with the first. */
export function useGuardianDecision(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (approve: boolean) =>
      api<GuardianDecision>("/api/public/guardian/decision", { method: "POST", body: { token, approve } }),
    onSuccess: () => client.invalidateQueries({ queryKey: guardianViewQuery(token).queryKey }),
  });
}
