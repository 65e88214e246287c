import { formatDateTimeFor } from "@common/dates-language";
import type { WebhookDelivery } from "@common/schemas/webhooks";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api";
import { useLanguage } from "@web/lib/language";
import { useResendWebhookDelivery } from "../api/resend-webhook-delivery";
import { eventTypeLabel } from "./webhook-labels";

/** «Reenviar»: the delivery goes out again soon, with its webhook-id (none while it is being sent). */
export function ResendDeliveryButton({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  const { language, t } = useLanguage();
  const resend = useResendWebhookDelivery(webhookId);
  const send = () => {
    // Not disabled meanwhile, which would drop the keyboard's focus: a second press waits instead.
    if (resend.isPending) return;
    resend.mutate(delivery.id, {
      onSuccess: () => toast.success(t("integrations.webhooks.resent")),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : t("integrations.webhooks.resendFailed")),
    });
  };
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={delivery.status === "sending"}
      aria-busy={resend.isPending}
      aria-label={t("integrations.webhooks.resendLabel", {
        event: eventTypeLabel(t, delivery.eventType),
        when: formatDateTimeFor(language, delivery.occurredAt),
      })}
      onClick={send}
    >
      {t("integrations.webhooks.resend")}
    </Button>
  );
}
