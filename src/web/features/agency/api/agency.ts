import type { Agency, AgencyInput } from "@common/schemas/agency";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** GET /api/public/agency: the agency's name, contact address, web site and logo. */
export const agencyQuery = () =>
  queryOptions({
    queryKey: ["agency"],
    queryFn: ({ signal }) => api<Agency>("/api/public/agency", { signal }),
  });

export const useAgency = () => useQuery(agencyQuery());

/** PUT /api/settings/agency (the superadmin's). */
export function useSaveAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: AgencyInput) => api<Agency>("/api/settings/agency", { method: "PUT", body: values }),
    onSuccess: (saved) => client.setQueryData(agencyQuery().queryKey, saved),
  });
}
