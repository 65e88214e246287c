import { formatDateTimeFor } from "@common/dates-language";
import { WEBHOOK_CAPABILITIES } from "@common/schemas/webhooks";
import { useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { can, useSession } from "@web/features/accounts";
import { useLanguage, useT } from "@web/lib/language";
import { useWebhooks } from "../api/list-webhooks";
import { CreateWebhookForm, WEBHOOK_URL_FIELD_ID } from "../components/create-webhook-form";
import { SecretPanel } from "../components/secret-panel";
import { WebhookDeliveries } from "../components/webhook-deliveries";
import { deliveriesLinkId, focusSoon, WEBHOOK_SECRET_FIELD_ID, WEBHOOKS_LIST_TITLE_ID } from "../components/webhook-focus";
import { DELIVERIES_PARAM, WebhookList } from "../components/webhook-list";
import type { WebhookCapability } from "../components/webhook-labels";

/** A secret to show once: a new endpoint's, or a rotated one's with the old one's overlap. */
type ShownSecret = { kind: "created" | "rotated"; url: string; secret: string; previousSecretUntil?: string };

/** The screen for one who may manage webhooks, offered the payload capabilities `offered`. */
function Webhooks({ header, offered }: { header: ReactNode; offered: WebhookCapability[] }) {
  const { language, t } = useLanguage();
  const webhooks = useWebhooks();
  const [shownSecret, setShownSecret] = useState<ShownSecret | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();

  // The panel goes away with the focus in it: focus returns to where the secret came from.
  const closeSecret = () => {
    const kind = shownSecret?.kind;
    setShownSecret(null);
    focusSoon(kind === "created" ? WEBHOOK_URL_FIELD_ID : WEBHOOKS_LIST_TITLE_ID);
  };
  const items = webhooks.data?.items;
  const shownId = searchParams.get(DELIVERIES_PARAM);
  const shown = items?.find((webhook) => webhook.id === shownId) ?? null;
  const closeDeliveries = () => {
    setSearchParams((params) => {
      params.delete(DELIVERIES_PARAM);
      return params;
    });
    if (shownId) focusSoon(deliveriesLinkId(shownId));
  };

  let list;
  if (webhooks.isError) list = <p className="text-destructive">{t("integrations.webhooks.loadFailed")}</p>;
  else if (!items) list = <Loading text={t("common.loading")} />;
  else if (items.length === 0) list = <p className="text-sm text-muted-foreground">{t("integrations.webhooks.empty")}</p>;
  else
    list = (
      <WebhookList
        webhooks={items}
        shown={shown?.id ?? null}
        onRotated={(webhook, rotated) => setShownSecret({ kind: "rotated", url: webhook.url, ...rotated })}
      />
    );

  return (
    <div className="grid max-w-5xl min-w-0 gap-6">
      {header}
      {shownSecret ? (
        <SecretPanel
          key={shownSecret.secret}
          fieldId={WEBHOOK_SECRET_FIELD_ID}
          title={t(shownSecret.kind === "created" ? "integrations.webhooks.created" : "integrations.webhooks.rotated", {
            url: shownSecret.url,
          })}
          label={t("integrations.webhooks.secretField")}
          secret={shownSecret.secret}
          note={
            shownSecret.previousSecretUntil
              ? t("integrations.webhooks.rotatedNote", { when: formatDateTimeFor(language, shownSecret.previousSecretUntil) })
              : undefined
          }
          onDone={closeSecret}
        />
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight tracking-tight">{t("integrations.webhooks.createTitle")}</h2>
        </CardHeader>
        <CardContent>
          <CreateWebhookForm
            offered={offered}
            onCreated={(created) => setShownSecret({ kind: "created", url: created.url, secret: created.secret })}
          />
        </CardContent>
      </Card>
      <section aria-labelledby={WEBHOOKS_LIST_TITLE_ID} className="grid min-w-0 gap-3">
        <h2 id={WEBHOOKS_LIST_TITLE_ID} tabIndex={-1} className="text-lg font-semibold focus-visible:outline-none">
          {t("integrations.webhooks.listTitle")}
        </h2>
        {list}
      </section>
      {shown ? <WebhookDeliveries webhook={shown} onClose={closeDeliveries} /> : null}
    </div>
  );
}

/**
 * /dashboard/admin/webhooks (issue 37): the endpoints OpenCall sends signed events to, their
 * deliveries (`?deliveries=<id>`), resending one, turning an endpoint off and on, rotating its
 * secret. The route is guarded by webhooks.manage; the check here covers a session that changed
 * under the open page.
 */
export function WebhooksPage() {
  const t = useT();
  const session = useSession();
  const user = session.data;
  const header = <PageHeader title={t("integrations.webhooks.title")} description={t("integrations.webhooks.intro")} />;

  if (!user) return <Loading text={t("common.loading")} />;
  if (!can(user, "webhooks.manage"))
    return (
      <div className="grid max-w-5xl gap-4">
        {header}
        <Alert variant="destructive">
          <AlertDescription>{t("common.errors.forbidden")}</AlertDescription>
        </Alert>
      </div>
    );
  // A payload carries only what its maker holds: the others are not offered.
  return <Webhooks header={header} offered={WEBHOOK_CAPABILITIES.filter((capability) => can(user, capability))} />;
}

export const Component = WebhooksPage;
