import { formatDateTimeFor } from "@common/dates-language";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { Loading } from "@web/components/ui/spinner";
import { SecretPanel } from "@web/features/integrations";
import { ApiError } from "@web/lib/api";
import { useLanguage } from "@web/lib/language";
import type { CreatedDoorPass } from "../api/create-door-pass";
import { useDoorPasses, type DoorPass } from "../api/list-door-passes";
import { useRevokeDoorPass } from "../api/revoke-door-pass";
import { clockTime } from "./clock";
import { DoorPassForm, PASS_NAME_FIELD_ID } from "./door-pass-form";
import { QrCode } from "./qr-code";
import { RevokeDialog } from "./revoke-dialog";

const LIST_TITLE_ID = "door-passes-list-title";

/**
 * «Pases de puerta»: a volunteer's phone checks people in and calls the line at this event only,
 * with no account. A new pass's link is shown once, with its QR code for the volunteer's camera.
 */
export function DoorPasses({ eventId, eventDate }: { eventId: string; eventDate: string }) {
  const { t } = useLanguage();
  const [created, setCreated] = useState<{ pass: CreatedDoorPass; name: string } | null>(null);
  const closePanel = () => {
    setCreated(null);
    requestAnimationFrame(() => document.getElementById(PASS_NAME_FIELD_ID)?.focus());
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold tracking-tight">{t("castingday.passes.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("castingday.passes.intro")}</p>
      </CardHeader>
      <CardContent className="grid gap-6">
        {created ? (
          <SecretPanel
            key={created.pass.id}
            fieldId="created-door-pass"
            title={t("castingday.passes.created", { name: created.name, time: clockTime(created.pass.expiresAt) })}
            label={t("castingday.passes.link")}
            secret={created.pass.url}
            note={t("castingday.passes.note")}
            onDone={closePanel}
          >
            <QrCode text={created.pass.url} label={t("castingday.passes.qr", { name: created.name })} />
          </SecretPanel>
        ) : null}
        <DoorPassForm eventId={eventId} eventDate={eventDate} onCreated={(pass, name) => setCreated({ pass, name })} />
        <section aria-labelledby={LIST_TITLE_ID} className="grid gap-3">
          <h3 id={LIST_TITLE_ID} tabIndex={-1} className="text-lg font-semibold focus-visible:outline-none">
            {t("castingday.passes.listTitle")}
          </h3>
          <DoorPassList eventId={eventId} />
        </section>
      </CardContent>
    </Card>
  );
}

function DoorPassList({ eventId }: { eventId: string }) {
  const { t } = useLanguage();
  const passes = useDoorPasses(eventId);
  if (passes.isError) return <p className="text-destructive">{t("castingday.passes.loadFailed")}</p>;
  if (!passes.data) return <Loading text={t("common.loading")} />;
  if (passes.data.items.length === 0) return <p className="text-sm text-muted-foreground">{t("castingday.passes.empty")}</p>;
  return (
    <ul className="grid gap-2" data-testid="door-passes">
      {passes.data.items.map((pass) => (
        <DoorPassItem key={pass.id} eventId={eventId} pass={pass} readAt={passes.dataUpdatedAt} />
      ))}
    </ul>
  );
}

/** One pass; `readAt`: when the list was read, the moment its expiry is told against. */
function DoorPassItem({ eventId, pass, readAt }: { eventId: string; pass: DoorPass; readAt: number }) {
  const { language, t } = useLanguage();
  const revoke = useRevokeDoorPass(eventId);
  const expired = new Date(pass.expiresAt).getTime() <= readAt;
  const when = formatDateTimeFor(language, pass.expiresAt);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border bg-card p-3">
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold wrap-anywhere">{pass.name}</span>
          {expired ? <Badge tone="neutral">{t("castingday.passes.expiredBadge")}</Badge> : null}
        </p>
        <p>{expired ? t("castingday.passes.expired", { time: when }) : t("castingday.passes.expires", { time: when })}</p>
        <p className="text-muted-foreground">
          {t("castingday.passes.lastUsed", {
            time: pass.lastUsedAt ? formatDateTimeFor(language, pass.lastUsedAt) : t("castingday.never"),
          })}
          {pass.createdBy ? ` · ${t("castingday.by", { name: pass.createdBy.fullName })}` : null}
        </p>
      </div>
      <RevokeDialog
        label={t("castingday.passes.revokeLabel", { name: pass.name })}
        title={t("castingday.passes.revokeTitle", { name: pass.name })}
        body={t("castingday.passes.revokeBody")}
        confirm={t("castingday.passes.revokeConfirm")}
        pending={revoke.isPending}
        focusAfter={LIST_TITLE_ID}
        onConfirm={(close) =>
          revoke.mutate(pass.id, {
            onSuccess: () => {
              close(true);
              toast.success(t("castingday.passes.revoked", { name: pass.name }));
            },
            onError: (error) => {
              close(false);
              toast.error(error instanceof ApiError ? error.message : t("castingday.passes.revokeFailed"));
            },
          })
        }
      />
    </li>
  );
}
