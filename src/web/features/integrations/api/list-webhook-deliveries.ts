import type { WebhookDelivery } from "@common/schemas/webhooks";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** How many deliveries a page holds: a shorter page is the last. */
export const DELIVERIES_PAGE = 50;

/** GET /api/webhooks/:id/deliveries: newest first, each further page before the last one's oldest. */
export const webhookDeliveriesQuery = (webhookId: string) =>
  infiniteQueryOptions({
    queryKey: ["webhooks", webhookId, "deliveries"],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ limit: String(DELIVERIES_PAGE) });
      if (pageParam !== undefined) search.set("before", String(pageParam));
      return api<{ items: WebhookDelivery[] }>(`/api/webhooks/${encodeURIComponent(webhookId)}/deliveries?${search}`, {
        signal,
      });
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.items.length < DELIVERIES_PAGE ? undefined : last.items.at(-1)?.id),
  });

export const useWebhookDeliveries = (webhookId: string) => useInfiniteQuery(webhookDeliveriesQuery(webhookId));
