import { formatDateTimeFor } from "@common/dates-language";
import type { Webhook } from "@common/schemas/webhooks";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { useLanguage } from "@web/lib/language";
import type { RotatedSecret } from "../api/rotate-webhook-secret";
import { capabilityLabel } from "./capability-label";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { RotateSecretDialog } from "./rotate-secret-dialog";
import { ToggleWebhookButton } from "./toggle-webhook-button";
import { deliveriesLinkId } from "./webhook-focus";
import { eventTypeLabel, stateOf, type WebhookState } from "./webhook-labels";

const TONE: Record<WebhookState, "green" | "yellow" | "neutral" | "red"> = {
  active: "green",
  failing: "yellow",
  off: "neutral",
  failedOff: "red",
};

/** The address that shows an endpoint's deliveries (a link: the back button closes them). */
export const DELIVERIES_PARAM = "deliveries";

/** What an endpoint receives and carries, what waits for it, and who made it. */
function WebhookFacts({ webhook }: { webhook: Webhook }) {
  const { language, t } = useLanguage();
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
      <div className="min-w-0">
        <dt className="text-muted-foreground">{t("integrations.webhooks.eventsLabel")}</dt>
        <dd>
          <span className="font-medium">{t("integrations.webhooks.eventCount", { count: webhook.events.length })}</span>
          <span className="mt-0.5 block text-xs text-muted-foreground">
            {webhook.events.map((name) => eventTypeLabel(t, name)).join(" · ")}
          </span>
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted-foreground">{t("integrations.webhooks.carriesLabel")}</dt>
        <dd className="text-xs">
          {webhook.permissions.length > 0
            ? webhook.permissions.map((name) => capabilityLabel(t, name)).join(" · ")
            : t("integrations.webhooks.carriesIdsOnly")}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{t("integrations.webhooks.pendingLabel")}</dt>
        <dd className="font-medium">{t("integrations.webhooks.pending", { count: webhook.pending })}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{t("integrations.webhooks.createdLabel")}</dt>
        <dd>
          {t("integrations.webhooks.createdBy", {
            when: formatDateTimeFor(language, webhook.createdAt),
            name: webhook.createdBy.name,
          })}
        </dd>
      </div>
    </dl>
  );
}

/**
 * One endpoint: its address, state, events, what it carries, what waits, who made it, and its
 * actions. `openedAt` is when the page opened: a previous secret's overlap that ended before is not
 * mentioned.
 */
function WebhookCard({
  webhook,
  showsDeliveries,
  openedAt,
  onRotated,
}: {
  webhook: Webhook;
  showsDeliveries: boolean;
  openedAt: number;
  onRotated: (rotated: RotatedSecret) => void;
}) {
  const { language, t } = useLanguage();
  const when = (moment: string) => formatDateTimeFor(language, moment);
  const state = stateOf(webhook);
  const titleId = `webhook-${webhook.id}-url`;
  const overlapUntil =
    webhook.previousSecretUntil && Date.parse(webhook.previousSecretUntil) > openedAt ? webhook.previousSecretUntil : null;
  return (
    <article aria-labelledby={titleId} className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-mono text-sm font-semibold wrap-anywhere">
          {webhook.url}
        </h3>
        <Badge tone={TONE[state]}>{t(`integrations.webhooks.state.${state}`)}</Badge>
      </div>
      {webhook.failingSince && state !== "off" ? (
        <p className="text-sm text-destructive">
          {t("integrations.webhooks.failingSince", { when: when(webhook.failingSince) })}
        </p>
      ) : null}
      {overlapUntil ? (
        <p className="text-sm text-muted-foreground">
          {t("integrations.webhooks.previousSecretUntil", { when: when(overlapUntil) })}
        </p>
      ) : null}
      <WebhookFacts webhook={webhook} />
      <div className="flex flex-wrap gap-2">
        <ToggleWebhookButton webhook={webhook} />
        <Button asChild variant={showsDeliveries ? "secondary" : "outline"} size="sm">
          <Link
            id={deliveriesLinkId(webhook.id)}
            to={{ search: `?${new URLSearchParams({ [DELIVERIES_PARAM]: webhook.id })}` }}
            state={{ focusDeliveries: true }}
            aria-label={t("integrations.webhooks.deliveriesLabel", { url: webhook.url })}
            aria-current={showsDeliveries ? "true" : undefined}
          >
            {t("integrations.webhooks.deliveries")}
          </Link>
        </Button>
        <RotateSecretDialog webhook={webhook} onRotated={onRotated} />
        <DeleteWebhookDialog webhook={webhook} />
      </div>
    </article>
  );
}

/**
 * The endpoints, one card each. Cards rather than a table: an address is long and there are four
 * actions, which wrap at 360 px instead of scrolling out of sight.
 */
export function WebhookList({
  webhooks,
  shown,
  onRotated,
}: {
  webhooks: Webhook[];
  /** The endpoint whose deliveries show. */
  shown: string | null;
  onRotated: (webhook: Webhook, rotated: RotatedSecret) => void;
}) {
  // Read once, not at each render: an ended overlap is not mentioned.
  const [openedAt] = useState(() => Date.now());
  return (
    <ul className="grid gap-3">
      {webhooks.map((webhook) => (
        <li key={webhook.id}>
          <WebhookCard
            webhook={webhook}
            showsDeliveries={shown === webhook.id}
            openedAt={openedAt}
            onRotated={(rotated) => onRotated(webhook, rotated)}
          />
        </li>
      ))}
    </ul>
  );
}
