import type { SessionResponse, SessionUser } from "@common/schemas/accounts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

export type { SessionUser };

/** The signed-in user, or null when nobody is signed in. */
async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const { user } = await api<SessionResponse>("/api/session", { signal });
  return user;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ["session"],
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
    retry: 1,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
