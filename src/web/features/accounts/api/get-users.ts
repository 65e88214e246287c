import type { Profile, usersListResponseSchema } from "@common/schemas/accounts";
import type { z } from "zod";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

async function getUsers(signal?: AbortSignal): Promise<Profile[]> {
  const { items } = await api<z.infer<typeof usersListResponseSchema>>("/api/users", { signal });
  return items;
}

export const usersQueryOptions = () => queryOptions({ queryKey: ["users"], queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
