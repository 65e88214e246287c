import type { CreatedWebhook, CreateWebhookInput } from "@common/schemas/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { webhooksQuery } from "./list-webhooks";

/** POST /api/webhooks: the reply carries the signing secret, this once. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: CreateWebhookInput) => api<CreatedWebhook>("/api/webhooks", { method: "POST", body: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQuery().queryKey }),
  });
}
