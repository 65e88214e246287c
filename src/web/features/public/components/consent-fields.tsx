import { useLanguage, useT } from "@web/lib/language";
import type { PrivacyNotice } from "@common/schemas/privacy";
import { useState } from "react";
import { api } from "@web/lib/api";
import { controlAria, controlClass, FormField } from "./public-ui";

/** What the consent part of the form holds (issue 18). */
export interface ConsentState {
  consentDataProcessing: boolean;
  consentPhotoScouting: boolean;
  /** Optional (issue 36): shown to the agency's clients. */
  consentClientSharing: boolean;
  guardianName: string;
  guardianEmail: string;
}
export type ConsentErrors = Partial<Record<keyof ConsentState | "privacyNoticeVersion", string>>;
export const emptyConsent = (): ConsentState => ({
  consentDataProcessing: false,
  consentPhotoScouting: false,
  consentClientSharing: false,
  guardianName: "",
  guardianEmail: "",
});

/** The agency's notice, fetched when the person opens it. */
export function PrivacyNoticeText() {
  const t = useT();
  const { language } = useLanguage();
  const [notice, setNotice] = useState<PrivacyNotice | "loading" | "failed" | null>(null);
  const load = () => {
    if (notice && notice !== "failed") return;
    setNotice("loading");
    api<PrivacyNotice>("/api/public/privacy-notice").then(setNotice, () => setNotice("failed"));
  };
  return (
    <details
      className="rounded-lg border border-border p-3 text-sm"
      onToggle={(e) => (e.currentTarget.open ? load() : undefined)}
    >
      <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
        {t("privacy.notice.show")}
      </summary>
      <div className="mt-3 grid gap-2" aria-live="polite">
        {notice === "loading" ? <p>{t("privacy.notice.loading")}</p> : null}
        {notice === "failed" ? <p className="text-destructive">{t("privacy.notice.unavailable")}</p> : null}
        {notice && typeof notice === "object" ? (
          <>
            <p className="text-muted-foreground">{t("privacy.notice.version", { version: notice.version })}</p>
            <p className="whitespace-pre-line">{language === "en" ? notice.textEn : notice.textEs}</p>
          </>
        ) : null}
      </div>
    </details>
  );
}

function Checkbox({
  id,
  label,
  hint,
  checked,
  error,
  onChange,
}: {
  id: string;
  label: string;
  /** A line under the label, read with it (aria-describedby). */
  hint?: string | undefined;
  checked: boolean;
  error?: string | undefined;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-3">
        <input
          {...controlAria(id, error, Boolean(hint))}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <div className="grid gap-1">
          <label htmlFor={id} className="text-sm leading-snug">
            {label}
          </label>
          {hint ? (
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface ConsentFieldsProps {
  value: ConsentState;
  errors: ConsentErrors;
  /** The event asks for photos: the photo consent is offered. */
  asksPhotos: boolean;
  /** A 16- or 17-year-old: the guardian's name and e-mail are asked. */
  minor: boolean;
  onChange: (next: ConsentState) => void;
}

/** The notice, the consents (issue 18; the optional one to be shown to clients, issue 36) and, for a minor, the guardian. */
export function ConsentFields({ value, errors, asksPhotos, minor, onChange }: ConsentFieldsProps) {
  const t = useT();
  const set = <K extends keyof ConsentState>(key: K, next: ConsentState[K]) => onChange({ ...value, [key]: next });
  return (
    <>
      {minor ? (
        <section aria-labelledby="section-guardian" className="grid gap-4 sm:grid-cols-2">
          <h2 id="section-guardian" className="text-lg font-semibold sm:col-span-2">
            {t("privacy.guardian.legend")}
          </h2>
          <p className="text-sm text-muted-foreground sm:col-span-2">{t("privacy.guardian.hint")}</p>
          <FormField id="guardianName" label={t("privacy.guardian.name")} error={errors.guardianName}>
            <input
              {...controlAria("guardianName", errors.guardianName)}
              name="guardianName"
              autoComplete="off"
              className={`${controlClass} h-12`}
              value={value.guardianName}
              onChange={(e) => set("guardianName", e.target.value)}
            />
          </FormField>
          <FormField id="guardianEmail" label={t("privacy.guardian.email")} error={errors.guardianEmail}>
            <input
              {...controlAria("guardianEmail", errors.guardianEmail)}
              name="guardianEmail"
              type="email"
              inputMode="email"
              autoComplete="off"
              className={`${controlClass} h-12`}
              value={value.guardianEmail}
              onChange={(e) => set("guardianEmail", e.target.value)}
            />
          </FormField>
        </section>
      ) : null}
      <section aria-labelledby="section-consent" className="grid gap-3">
        <h2 id="section-consent" className="text-lg font-semibold">
          {t("privacy.consent.legend")}
        </h2>
        <PrivacyNoticeText />
        {/* In a new tab: the form being filled in stays as it is. */}
        <a
          className="w-fit text-sm font-medium text-primary underline underline-offset-4"
          href="/privacy"
          target="_blank"
          rel="noopener"
        >
          {t("privacy.notice.page")}
        </a>
        <Checkbox
          id="consentDataProcessing"
          label={t("privacy.consent.dataProcessing")}
          checked={value.consentDataProcessing}
          error={errors.consentDataProcessing ?? errors.privacyNoticeVersion}
          onChange={(next) => set("consentDataProcessing", next)}
        />
        {asksPhotos ? (
          <Checkbox
            id="consentPhotoScouting"
            label={t("privacy.consent.photoScouting")}
            checked={value.consentPhotoScouting}
            error={errors.consentPhotoScouting}
            onChange={(next) => set("consentPhotoScouting", next)}
          />
        ) : null}
        <Checkbox
          id="consentClientSharing"
          label={t("privacy.consent.clientSharing")}
          hint={t("privacy.consent.clientSharingHint")}
          checked={value.consentClientSharing}
          onChange={(next) => set("consentClientSharing", next)}
        />
      </section>
    </>
  );
}
