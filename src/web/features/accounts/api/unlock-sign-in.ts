import type { z } from "zod";
import type { unlockResponseSchema } from "@common/schemas/accounts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

type UnlockResponse = z.infer<typeof unlockResponseSchema>;

/**
 * Redeems an e-mailed unlock link: the server makes this browser a known device of the account.
 * A query (called by the login page, not the link), so that it runs once per token.
 */
export const unlockSignInQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["unlock-sign-in", token],
    queryFn: () => api<UnlockResponse>("/api/auth/unlock-sign-in", { method: "POST", body: { token } }),
    retry: false,
    staleTime: Infinity,
  });

export function useUnlockSignIn(token: string) {
  return useQuery({ ...unlockSignInQueryOptions(token), enabled: token.length > 0 });
}
