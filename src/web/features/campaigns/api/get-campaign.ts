import type { CampaignDetail } from "@common/schemas/campaigns";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { CAMPAIGN_PROGRESS_POLL_MS } from "./get-campaigns";

async function getCampaign(id: string, signal?: AbortSignal): Promise<CampaignDetail> {
  return api<CampaignDetail>(`/api/campaigns/${encodeURIComponent(id)}`, { signal });
}

export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["campaigns", "detail", id],
    queryFn: ({ signal }) => getCampaign(id, signal),
    refetchInterval: (query) => (query.state.data?.status === "in_progress" ? CAMPAIGN_PROGRESS_POLL_MS : false),
  });

export function useCampaign(id: string, enabled = true) {
  return useQuery({ ...campaignQueryOptions(id), enabled });
}
