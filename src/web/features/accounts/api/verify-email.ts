import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** Confirms a staff e-mail address with the token of the e-mailed link (called by the page, not the link). */
async function verifyEmail(token: string, signal?: AbortSignal): Promise<true> {
  await api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { signal });
  return true;
}

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["verify-email", token],
    queryFn: ({ signal }) => verifyEmail(token, signal),
    retry: false,
    staleTime: Infinity,
  });

export function useVerifyEmail(token: string) {
  return useQuery({ ...verifyEmailQueryOptions(token), enabled: token.length > 0 });
}
