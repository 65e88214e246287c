import type { rotatedSecretSchema } from "@common/schemas/webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@web/lib/api";
import { webhooksQuery } from "./list-webhooks";

export type RotatedSecret = z.infer<typeof rotatedSecretSchema>;

/** POST /api/webhooks/:id/rotate-secret: the new secret, this once; the old one signs alongside for a day. */
export function useRotateWebhookSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RotatedSecret>(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, { method: "POST" }),
    // The list shows until when the previous secret signs.
    onSettled: () => client.invalidateQueries({ queryKey: webhooksQuery().queryKey }),
  });
}
