import type { RegistrationCampaignsResponse } from "@common/schemas/campaigns";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

async function getRegistrationCampaigns(registrationId: string, signal?: AbortSignal) {
  return api<RegistrationCampaignsResponse>(`/api/registrations/${encodeURIComponent(registrationId)}/campaigns`, { signal });
}

export const registrationCampaignsQueryOptions = (registrationId: string) =>
  queryOptions({
    queryKey: ["campaigns", "registration", registrationId],
    queryFn: ({ signal }) => getRegistrationCampaigns(registrationId, signal),
  });

/** Loaded only when the row's popup opens. */
export function useRegistrationCampaigns(registrationId: string, enabled: boolean) {
  return useQuery({ ...registrationCampaignsQueryOptions(registrationId), enabled });
}
