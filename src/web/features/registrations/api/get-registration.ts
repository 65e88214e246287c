import type { RegistrationDetail } from "@common/schemas/registrations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@web/lib/api";

async function getRegistration(id: string, signal?: AbortSignal): Promise<RegistrationDetail> {
  return api<RegistrationDetail>(`/api/registrations/${encodeURIComponent(id)}`, { signal });
}

export const registrationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["registrations", "detail", id],
    queryFn: ({ signal }) => getRegistration(id, signal),
    // Spots change as others register: always read them fresh when the form opens.
    staleTime: 0,
    // A registration that does not exist will not appear on a second try: say so at once.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

export function useRegistration(id: string) {
  return useQuery(registrationQueryOptions(id));
}
