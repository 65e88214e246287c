import type { SelectionList } from "@common/schemas/selections";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** GET /api/selections: every selection, the latest changed first (issue 36). */
export const selectionsQuery = () =>
  queryOptions({
    queryKey: ["selections"],
    queryFn: ({ signal }) => api<SelectionList>("/api/selections", { signal }),
  });

export const useSelections = () => useQuery(selectionsQuery());
