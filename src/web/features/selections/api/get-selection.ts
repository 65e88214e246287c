import { PICKS_REFRESH_MS, type Selection } from "@common/schemas/selections";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { selectionsQuery } from "./list-selections";

/** GET /api/selections/:id: its people, its links and the clients' picks (issue 36). */
export const selectionQuery = (id: string) =>
  queryOptions({
    queryKey: [...selectionsQuery().queryKey, id],
    queryFn: ({ signal }) => api<Selection>(`/api/selections/${encodeURIComponent(id)}`, { signal }),
  });

/** Asked again every few seconds while the screen is open: the clients' picks show as they are made. */
export const useSelection = (id: string) => useQuery({ ...selectionQuery(id), refetchInterval: PICKS_REFRESH_MS });
