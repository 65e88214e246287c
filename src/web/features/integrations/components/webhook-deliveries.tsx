import type { Webhook } from "@common/schemas/webhooks";
import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Button } from "@web/components/ui/button";
import { Loading } from "@web/components/ui/spinner";
import { useT } from "@web/lib/language";
import { useWebhookDeliveries } from "../api/list-webhook-deliveries";
import { webhooksQuery } from "../api/list-webhooks";
import { DeliveriesTable } from "./deliveries-table";
import { DELIVERIES_TITLE_ID } from "./webhook-focus";

/** Set by the «Entregas» link: focus moves to the panel it opened (not on a reload of the address). */
const openedByLink = (state: unknown) =>
  typeof state === "object" && state !== null && (state as { focusDeliveries?: unknown }).focusDeliveries === true;

/**
 * One endpoint's recent deliveries, below the list: a panel of the same page rather than a page of
 * its own, so the endpoint's card and state stay a scroll away on a phone. Its buttons stay enabled
 * while they work (a disabled button drops the keyboard's focus). «Actualizar» reads them
 * (and the endpoints' pending counts) again; older ones load on demand.
 */
export function WebhookDeliveries({ webhook, onClose }: { webhook: Pick<Webhook, "id" | "url">; onClose: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const deliveries = useWebhookDeliveries(webhook.id);
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = openedByLink(location.state);

  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, location.key]);

  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];
  let content;
  if (deliveries.isError) content = <p className="text-destructive">{t("integrations.webhooks.deliveriesLoadFailed")}</p>;
  else if (!deliveries.data) content = <Loading text={t("common.loading")} />;
  else if (items.length === 0)
    content = <p className="text-sm text-muted-foreground">{t("integrations.webhooks.deliveriesEmpty")}</p>;
  else content = <DeliveriesTable webhookId={webhook.id} deliveries={items} />;

  return (
    <section aria-labelledby={DELIVERIES_TITLE_ID} className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2
          id={DELIVERIES_TITLE_ID}
          ref={heading}
          tabIndex={-1}
          className="min-w-0 text-lg font-semibold wrap-anywhere focus-visible:outline-none"
        >
          {t("integrations.webhooks.deliveriesTitle", { url: webhook.url })}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-busy={deliveries.isFetching}
            onClick={() => void client.invalidateQueries({ queryKey: webhooksQuery().queryKey })}
          >
            <RefreshCw aria-hidden="true" />
            {t("integrations.webhooks.refresh")}
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            <X aria-hidden="true" />
            {t("integrations.webhooks.closeDeliveries")}
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t("integrations.webhooks.deliveriesIntro")}</p>
      {content}
      {deliveries.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-start"
          aria-busy={deliveries.isFetchingNextPage}
          onClick={() => void deliveries.fetchNextPage({ cancelRefetch: false })}
        >
          {deliveries.isFetchingNextPage ? t("common.loading") : t("integrations.webhooks.loadMore")}
        </Button>
      ) : null}
    </section>
  );
}
