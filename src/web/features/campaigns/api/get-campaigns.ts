import type { ListCampaignsResponse } from "@common/schemas/campaigns";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** While a campaign is being sent the history polls, so its progress bar moves (no websockets). */
export const CAMPAIGN_PROGRESS_POLL_MS = 1000;

async function getCampaigns(eventId: string, signal?: AbortSignal): Promise<ListCampaignsResponse> {
  return api<ListCampaignsResponse>(`/api/campaigns?eventId=${encodeURIComponent(eventId)}`, { signal });
}

export const campaignsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ["campaigns", "list", eventId],
    queryFn: ({ signal }) => getCampaigns(eventId, signal),
    refetchInterval: (query) =>
      query.state.data?.items.some((campaign) => campaign.status === "in_progress") ? CAMPAIGN_PROGRESS_POLL_MS : false,
  });

export function useCampaigns(eventId: string) {
  return useQuery(campaignsQueryOptions(eventId));
}
