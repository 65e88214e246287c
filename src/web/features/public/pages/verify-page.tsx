import type { MessageId } from "@common/i18n";
import type { VerifyResult } from "@common/schemas/public-responses";
import { CheckCircle2, Clock, Download, Info, Loader2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "@web/lib/api";
import { useLanguage, useT } from "@web/lib/language";
import { verifyRegistration } from "../api/verify-registration";
import { CheckInQr } from "../components/check-in-qr";
import { EventDetails } from "../components/event-details";
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

/**
 * What the page says of the registration (issue 32): docs/product.md's '¡Correo verificado!' and 'Registro
 * ya confirmado' for a confirmed one; a minor still waiting for the guardian is told so, never
 * "confirmed"; a refused or cancelled one says that.
 */
function headline(result: VerifyResult): { title: MessageId; note?: MessageId; tone: "success" | "waiting" | "stopped" } {
  const verified = result.outcome === "verified";
  switch (result.state) {
    case "guardian_refused":
      return { title: "public.verify.guardianRefused", note: "public.verify.guardianRefusedNote", tone: "stopped" };
    case "cancelled":
      return { title: "public.verify.cancelled", note: "public.verify.cancelledNote", tone: "stopped" };
    case "awaiting_guardian":
    case "awaiting_email_and_guardian":
      return {
        title: verified ? "public.verify.verified" : "public.verify.alreadyVerified",
        note: "public.verify.awaitingGuardian",
        tone: "waiting",
      };
    default:
      return verified
        ? { title: "public.verify.verified", note: "public.verify.verifiedNote", tone: "success" }
        : { title: "public.verify.alreadyConfirmed", tone: "success" };
  }
}

const HEADLINE_ICONS = {
  success: <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />,
  waiting: <Clock className="mx-auto size-12 text-warning" aria-hidden="true" />,
  stopped: <XCircle className="mx-auto size-12 text-destructive" aria-hidden="true" />,
};

function VerifiedRegistration({ result }: { result: VerifyResult }) {
  const t = useT();
  const { title, note, tone } = headline(result);
  return (
    <Card className="mx-auto grid max-w-xl gap-5 p-5 sm:p-8">
      <div className="grid gap-2 text-center">
        {HEADLINE_ICONS[tone]}
        <h1 className="text-2xl font-bold">{t(title)}</h1>
        {note ? (
          <p className={tone === "success" ? "text-muted-foreground" : "font-medium"} data-testid="registration-state">
            {t(note)}
          </p>
        ) : null}
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
      ) : tone === "stopped" ? null : (
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

  return (
    <>
      <EventDetails event={r.event} timeslot={r.timeslot} />
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
