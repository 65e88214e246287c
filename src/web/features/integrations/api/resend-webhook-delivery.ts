import type { WebhookDelivery } from "@common/schemas/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { webhookDeliveriesQuery } from "./list-webhook-deliveries";
import { webhooksQuery } from "./list-webhooks";

/** POST /api/webhooks/:id/deliveries/:deliveryId/resend: sent again soon, with the same webhook-id. */
export function useResendWebhookDelivery(webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api<WebhookDelivery>(`/api/webhooks/${encodeURIComponent(webhookId)}/deliveries/${deliveryId}/resend`, {
        method: "POST",
      }),
    // The delivery is pending again, and the endpoint's count of pending ones grew.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: webhookDeliveriesQuery(webhookId).queryKey }),
        client.invalidateQueries({ queryKey: webhooksQuery().queryKey, exact: true }),
      ]),
  });
}
