import type { SessionUser } from "@common/schemas/accounts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@web/lib/api";

export type { SessionUser };

/** The signed-in user, or null when nobody is signed in. */
async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const { user } = await api<{ user: SessionUser }>("/api/session", { signal });
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
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
