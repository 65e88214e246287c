import type { UpdateWebhookInput, Webhook } from "@common/schemas/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { webhooksQuery } from "./list-webhooks";

/** PATCH /api/webhooks/:id: its address, events or capabilities, or turning it off and on. */
export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateWebhookInput }) =>
      api<Webhook>(`/api/webhooks/${encodeURIComponent(id)}`, { method: "PATCH", body: patch }),
    // Refreshed after a failure too: a 404 means someone else deleted it.
    onSettled: () => client.invalidateQueries({ queryKey: webhooksQuery().queryKey }),
  });
}
