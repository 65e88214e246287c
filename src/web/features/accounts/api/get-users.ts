import type { Profile } from "@common/schemas/accounts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

async function getUsers(signal?: AbortSignal): Promise<Profile[]> {
  const { items } = await api<{ items: Profile[] }>("/api/users", { signal });
  return items;
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: ["users"], queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
