import type { Webhook } from "@common/schemas/webhooks";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import { useUpdateWebhook } from "../api/update-webhook";

/**
 * «Apagar» / «Encender» (PATCH `enabled`): off, nothing is recorded for it; on again, it gets what
 * waited, in order (and an endpoint turned off by a day of failures is tried afresh). No question
 * asked: the other button undoes it.
 */
export function ToggleWebhookButton({ webhook }: { webhook: Pick<Webhook, "id" | "url" | "enabled"> }) {
  const t = useT();
  const update = useUpdateWebhook();
  const turnOn = !webhook.enabled;
  const toggle = () => {
    // Not disabled meanwhile, which would drop the keyboard's focus: a second press waits instead.
    if (update.isPending) return;
    update.mutate(
      { id: webhook.id, patch: { enabled: turnOn } },
      {
        onSuccess: () => toast.success(t(turnOn ? "integrations.webhooks.enabledNow" : "integrations.webhooks.disabledNow")),
        onError: (error) => toast.error(error instanceof ApiError ? error.message : t("integrations.webhooks.toggleFailed")),
      },
    );
  };
  return (
    <Button
      variant="outline"
      size="sm"
      aria-busy={update.isPending}
      aria-label={t(turnOn ? "integrations.webhooks.enableLabel" : "integrations.webhooks.disableLabel", { url: webhook.url })}
      onClick={toggle}
    >
      {t(turnOn ? "integrations.webhooks.enable" : "integrations.webhooks.disable")}
    </Button>
  );
}
