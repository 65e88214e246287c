import { shareApiPath, type ClientSelection } from "@common/schemas/selections";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@web/lib/api";

/** GET /api/public/shares/:token: the selection as its client sees it (401 share_locked, 404 share_not_found). */
export const clientSelectionQuery = (token: string) =>
  queryOptions({
    queryKey: ["client-selection", token],
    queryFn: ({ signal }) => api<ClientSelection>(shareApiPath(token), { signal }),
    // A refusal (locked, gone) is an answer, not a failure to try again.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    refetchOnWindowFocus: false,
  });

export const useClientSelection = (token: string) => useQuery(clientSelectionQuery(token));
