import { formatTimeRange } from "@common/dates";
import { formatDateFor } from "@common/dates-language";
import type { VerifyResult } from "@common/schemas/public-responses";
import { CheckCircle2, Download, Info, Loader2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "@web/lib/api";
import { useLanguage, useT } from "@web/lib/language";
import { verifyRegistration } from "../api/verify-registration";
import { CheckInQr } from "../components/check-in-qr";
import { Card, Notice, PublicButton } from "../components/public-ui";

type State = { status: "verifying" } | { status: "done"; result: VerifyResult } | { status: "invalid" } | { status: "error" };

/** /verify/{token}: POSTs the token once (a GET never verifies), then shows the registration. */
export function VerifyPage({ token }: { token: string }) {
  const t = useT();
  const [state, setState] = useState<State>({ status: "verifying" });
  const started = useRef<string | null>(null);
  useEffect(() => {
    // Once per token, even when React runs effects twice in development.
    if (started.current === token) return;
    started.current = token;
    verifyRegistration(token).then(
      (result) => setState({ status: "done", result }),
      (error: unknown) => setState({ status: error instanceof ApiError && error.code === "invalid_token" ? "invalid" : "error" }),
    );
  }, [token]);

  if (state.status === "verifying") {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-lg text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        {t("public.verify.verifying")}
      </p>
    );
  }
  if (state.status === "invalid" || state.status === "error") {
    return (
      <Card className="mx-auto grid max-w-xl gap-3 p-6 text-center sm:p-8">
        <XCircle className="mx-auto size-12 text-destructive" aria-hidden="true" />
        <h1 className="text-xl font-bold">
          {state.status === "invalid" ? t("public.verify.invalid") : t("public.errors.submitFailed")}
        </h1>
      </Card>
    );
  }
  return <VerifiedRegistration result={state.result} />;
}

function VerifiedRegistration({ result }: { result: VerifyResult }) {
  const t = useT();
  return (
    <Card className="mx-auto grid max-w-xl gap-5 p-5 sm:p-8">
      <div className="grid gap-2 text-center">
        <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
        <h1 className="text-2xl font-bold">
          {result.outcome === "verified" ? t("public.verify.verified") : t("public.verify.alreadyConfirmed")}
        </h1>
        {result.outcome === "verified" ? <p className="text-muted-foreground">{t("public.verify.verifiedNote")}</p> : null}
      </div>
      <div className="rounded-lg border border-dashed border-primary/50 bg-accent/40 p-4 text-center">
        <p className="text-sm text-muted-foreground">{t("public.verify.code")}</p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-widest" data-testid="registration-code">
          {result.registrationCode}
        </p>
      </div>
      {result.registration?.checkInUrl ? <CheckInQr url={result.registration.checkInUrl} code={result.registrationCode} /> : null}
      {result.registration ? (
        <RegistrationSheet registration={result.registration} />
      ) : (
        <Notice>{t("public.verify.sheetNotShown")}</Notice>
      )}
    </Card>
  );
}

/** The event's details and the PDF sheet: on the link's verifying use, and shortly after it. */
function RegistrationSheet({ registration: r }: { registration: NonNullable<VerifyResult["registration"]> }) {
  const { t, language } = useLanguage();
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

  async function download() {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      const { downloadRegistrationSheet } = await import("@web/lib/registration-sheet");
      await downloadRegistrationSheet(r, language);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  }

  const rows: Array<[string, string]> = [
    [t("public.verify.event"), r.event.eventName],
    [t("public.verify.date"), formatDateFor(language, r.event.eventDate)],
    [t("public.verify.timeslot"), r.timeslot ? formatTimeRange(r.timeslot.startTime, r.timeslot.endTime) : "—"],
    [t("public.verify.place"), r.event.location],
  ];
  return (
    <>
      <dl className="grid gap-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[7rem_1fr] gap-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {r.event.confirmationDetails.trim() ? (
        <section className="rounded-lg border bg-muted/50 p-4" aria-labelledby="important-info">
          <h2 id="important-info" className="mb-1 flex items-center gap-2 font-semibold">
            <Info className="size-4 text-primary" aria-hidden="true" />
            {t("public.verify.importantInfo")}
          </h2>
          <p className="whitespace-pre-line text-sm">{r.event.confirmationDetails}</p>
        </section>
      ) : null}
      {downloadFailed ? <Notice tone="destructive">{t("public.verify.downloadFailed")}</Notice> : null}
      <PublicButton onClick={download} disabled={downloading} className="w-full px-4">
        {downloading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
        {downloading ? t("public.verify.downloading") : t("public.verify.download")}
      </PublicButton>
    </>
  );
}
