import type { SendCampaignInput, SendCampaignResponse } from "@common/schemas/campaigns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { campaignsQueryOptions } from "./get-campaigns";

async function sendCampaign(input: SendCampaignInput): Promise<SendCampaignResponse> {
  return api<SendCampaignResponse>("/api/campaigns", { method: "POST", body: input });
}

export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCampaign,
    onSuccess: async (_result, input) => {
      // The parent of every campaign key ("campaigns"): the event's list and each row's popup.
      await queryClient.invalidateQueries({ queryKey: campaignsQueryOptions(input.eventId).queryKey.slice(0, 1) });
    },
  });
}
