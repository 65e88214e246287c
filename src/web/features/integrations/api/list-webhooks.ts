import type { Webhook } from "@common/schemas/webhooks";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** GET /api/webhooks: every endpoint, oldest first, without its secret (issue 37). */
export const webhooksQuery = () =>
  queryOptions({
    queryKey: ["webhooks"],
    queryFn: ({ signal }) => api<{ items: Webhook[] }>("/api/webhooks", { signal }),
  });

export const useWebhooks = () => useQuery(webhooksQuery());
