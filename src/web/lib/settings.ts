import type { PublicSettings } from "@common/schemas/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ["settings"],
    queryFn: ({ signal }) => api<PublicSettings>("/api/public/settings", { signal }),
    staleTime: Infinity,
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
