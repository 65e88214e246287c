import { formatDateTimeFor } from "@common/dates-language";
import type { WebhookDelivery } from "@common/schemas/webhooks";
import { Badge } from "@web/components/ui/badge";
import { useLanguage } from "@web/lib/language";
import { ResendDeliveryButton } from "./resend-delivery-button";
import { eventTypeLabel } from "./webhook-labels";

const HEAD = "px-3 py-2 text-left font-medium text-muted-foreground";
const CELL = "px-3 py-2 align-top";
const TONE = { pending: "yellow", sending: "blue", delivered: "green" } as const;
/** What a missing value shows: a dash, read by a screen reader as nothing. */
const NONE = "—";

/**
 * An endpoint's deliveries, newest first: what happened, whether it arrived, how many tries, the
 * receiver's answer and how long it took, the last error, and «Reenviar». At 360 px the table scrolls
 * sideways inside a region the keyboard reaches (as the tokens' table does).
 */
export function DeliveriesTable({ webhookId, deliveries }: { webhookId: string; deliveries: WebhookDelivery[] }) {
  const { language, t } = useLanguage();
  const when = (moment: string) => formatDateTimeFor(language, moment);
  return (
    <div
      className="relative overflow-x-auto rounded-xl border bg-card text-card-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      tabIndex={0}
      role="region"
      aria-label={t("integrations.webhooks.deliveriesScrollRegion")}
    >
      <table className="w-full min-w-[52rem] text-sm">
        <caption className="sr-only">{t("integrations.webhooks.deliveries")}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className={HEAD}>
              {t("integrations.webhooks.columns.event")}
            </th>
            <th scope="col" className={HEAD}>
              {t("integrations.webhooks.columns.status")}
            </th>
            <th scope="col" className={HEAD}>
              {t("integrations.webhooks.columns.attempts")}
            </th>
            <th scope="col" className={HEAD}>
              {t("integrations.webhooks.columns.response")}
            </th>
            <th scope="col" className={HEAD}>
              {t("integrations.webhooks.columns.duration")}
            </th>
            <th scope="col" className={HEAD}>
              {t("integrations.webhooks.columns.lastError")}
            </th>
            <th scope="col" className={HEAD}>
              {t("integrations.webhooks.columns.occurredAt")}
            </th>
            <th scope="col" className={HEAD}>
              <span className="sr-only">{t("integrations.webhooks.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id} className="border-t first:border-t-0">
              <th scope="row" className={`${CELL} text-left font-medium`}>
                {eventTypeLabel(t, delivery.eventType)}
                <span className="mt-0.5 block font-mono text-xs font-normal text-muted-foreground">{delivery.eventType}</span>
              </th>
              <td className={CELL}>
                <Badge tone={TONE[delivery.status]}>{t(`integrations.webhooks.deliveryStatus.${delivery.status}`)}</Badge>
                {delivery.status === "pending" && delivery.nextAttemptAt ? (
                  <span className="mt-1 block text-xs whitespace-nowrap text-muted-foreground">
                    {t("integrations.webhooks.nextAttempt", { when: when(delivery.nextAttemptAt) })}
                  </span>
                ) : null}
                {delivery.status === "delivered" && delivery.deliveredAt ? (
                  <span className="mt-1 block text-xs whitespace-nowrap text-muted-foreground">
                    {t("integrations.webhooks.deliveredAt", { when: when(delivery.deliveredAt) })}
                  </span>
                ) : null}
              </td>
              <td className={`${CELL} tabular-nums`}>{delivery.attempts}</td>
              <td className={`${CELL} tabular-nums`}>{delivery.responseStatus ?? NONE}</td>
              <td className={`${CELL} whitespace-nowrap tabular-nums`}>
                {delivery.durationMs === null ? NONE : t("integrations.webhooks.durationMs", { ms: delivery.durationMs })}
              </td>
              <td className={`${CELL} max-w-64 text-xs wrap-anywhere`}>{delivery.lastError ?? NONE}</td>
              <td className={`${CELL} whitespace-nowrap`}>{when(delivery.occurredAt)}</td>
              <td className={`${CELL} text-right`}>
                <ResendDeliveryButton webhookId={webhookId} delivery={delivery} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
