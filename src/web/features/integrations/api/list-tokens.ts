import type { ApiToken } from "@common/schemas/tokens";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** GET /api/tokens: the API tokens, without their secrets (issue 37). */
export const tokensQuery = () =>
  queryOptions({
    queryKey: ["tokens"],
    queryFn: ({ signal }) => api<{ items: ApiToken[] }>("/api/tokens", { signal }),
  });

export const useTokens = () => useQuery(tokensQuery());
