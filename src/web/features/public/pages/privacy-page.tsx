import type { PrivacyNotice } from "@common/schemas/privacy";
import { Loader2 } from "lucide-react";
import { useLanguage, useT } from "@web/lib/language";
import { getPrivacyNotice } from "../api/get-privacy-notice";
import { useLoad } from "../api/use-load";
import { Card, Notice } from "../components/public-ui";
import { usePageState } from "../page-state";

/**
 * /privacy (issue 18): the agency's current privacy notice on its own page, in the reader's
 * language, with the way to a person's own data. The server renders it with the notice.
 */
export function PrivacyPage() {
  const t = useT();
  const { language } = useLanguage();
  const rendered = usePageState()?.notice;
  const { state } = useLoad<PrivacyNotice>(
    (signal) => getPrivacyNotice(signal),
    "current",
    rendered ? { status: "success", data: rendered } : undefined,
  );
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("privacy.notice.title")}</h1>
      {state.status === "loading" ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t("privacy.notice.loading")}
        </p>
      ) : null}
      {state.status === "error" ? <Notice tone="destructive">{t("privacy.notice.unavailable")}</Notice> : null}
      {state.status === "success" ? (
        <Card className="grid gap-3 p-6 sm:p-8">
          <p className="text-sm text-muted-foreground">{t("privacy.notice.version", { version: state.data.version })}</p>
          <p className="whitespace-pre-line leading-relaxed">{language === "en" ? state.data.textEn : state.data.textEs}</p>
        </Card>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {t("privacy.notice.askForData")}{" "}
        <a className="font-medium text-primary underline underline-offset-4" href="/privacy/request">
          {t("privacy.notice.requestLink")}
        </a>
      </p>
    </div>
  );
}
