import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { webhooksQuery } from "./list-webhooks";

/** DELETE /api/webhooks/:id: the endpoint and its deliveries, pending ones too. */
export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" }),
    // Refreshed after a failure too: a 404 means someone else already deleted it.
    onSettled: () => client.invalidateQueries({ queryKey: webhooksQuery().queryKey }),
  });
}
