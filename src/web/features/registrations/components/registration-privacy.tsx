import { useCan } from "@web/features/accounts";
import { useLanguage, useT } from "@web/lib/language";
import { formatDateTimeFor } from "@common/dates-language";
import type { RegistrationPrivacy } from "@common/schemas/privacy";
import { useState } from "react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { registrationExportUrl, useEraseRegistration, useKeepRegistration } from "../api/registration-privacy";

/** An admin's export, keep and erase of one registration (issue 18). */
function AdminPrivacyActions({ id, kept, onErased }: { id: string; kept: boolean; onErased: () => void }) {
  const t = useT();
  const erase = useEraseRegistration();
  const keep = useKeepRegistration(id);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="sm">
          <a href={registrationExportUrl(id)} download>
            {t("privacy.staff.export")}
          </a>
        </Button>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={kept}
            disabled={keep.isPending}
            onChange={(e) => keep.mutate(e.target.checked)}
          />
          {t("privacy.staff.keep")}
        </label>
        {!confirming ? (
          <Button variant="outline" size="sm" className="text-destructive" onClick={() => setConfirming(true)}>
            {t("privacy.staff.erase")}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="erase-confirm"
          className="grid gap-2 rounded-md border border-destructive/50 p-3"
        >
          <p id="erase-confirm" className="text-sm">
            {t("privacy.staff.eraseConfirm")}
          </p>
          <div className="flex gap-2">
            <Button
              variant="destructive"
              size="sm"
              disabled={erase.isPending}
              onClick={() => erase.mutate(id, { onSuccess: onErased })}
              autoFocus
            >
              {t("privacy.staff.erase")}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              {t("privacy.myData.cancel")}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Consent (notice version, time, choices) and the guardian, as staff see them on a registration. */
export function RegistrationPrivacyPanel({
  id,
  privacy,
  onErased,
}: {
  id: string;
  privacy: RegistrationPrivacy | undefined;
  onErased: () => void;
}) {
  const t = useT();
  const can = useCan();
  const { language } = useLanguage();
  if (!privacy) return null;
  const yesNo = (value: boolean) => t(value ? "privacy.staff.yes" : "privacy.staff.no");
  return (
    <section aria-labelledby="privacy-title" className="grid gap-3 text-sm">
      <h2 id="privacy-title" className="text-base font-semibold">
        {t("privacy.staff.consentTitle")}
      </h2>
      {privacy.privacyNoticeVersion === null ? (
        <p>{t("privacy.staff.consentNone")}</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">
            {t("privacy.staff.consentVersion", { version: privacy.privacyNoticeVersion })}
          </dt>
          <dd>
            {privacy.consentedAt
              ? t("privacy.staff.consentAt", { date: formatDateTimeFor(language, privacy.consentedAt) })
              : null}
          </dd>
          <dt className="text-muted-foreground">{t("privacy.staff.dataProcessing")}</dt>
          <dd>{yesNo(privacy.consentDataProcessing)}</dd>
          <dt className="text-muted-foreground">{t("privacy.staff.photoScouting")}</dt>
          <dd>{yesNo(privacy.consentPhotoScouting)}</dd>
          <dt className="text-muted-foreground">{t("privacy.staff.clientSharing")}</dt>
          <dd>{yesNo(privacy.consentClientSharing)}</dd>
        </dl>
      )}
      {privacy.guardianStatus !== "not_required" ? (
        <div className="grid gap-1">
          <h3 className="font-semibold">{t("privacy.staff.guardianTitle")}</h3>
          <p>
            {privacy.guardianName} · {privacy.guardianEmail}{" "}
            <Badge
              tone={privacy.guardianStatus === "approved" ? "green" : privacy.guardianStatus === "refused" ? "red" : "yellow"}
            >
              {t(`privacy.guardian.statuses.${privacy.guardianStatus}`)}
            </Badge>
          </p>
          {privacy.guardianDecidedAt ? (
            <p className="text-muted-foreground">
              {t("privacy.staff.guardianDecidedAt", { date: formatDateTimeFor(language, privacy.guardianDecidedAt) })}
            </p>
          ) : null}
        </div>
      ) : null}
      {can("registrations.delete") ? <AdminPrivacyActions id={id} kept={privacy.retentionKeep} onErased={onErased} /> : null}
    </section>
  );
}
