import { useT } from "@web/lib/language";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { getRegistrationSuccess } from "../api/get-registration-success";
import { useLoad, type LoadState } from "../api/use-load";
import { ContactAgency, WaysForward } from "../components/contact-agency";
import { Card, Notice } from "../components/public-ui";
import { usePageState } from "../page-state";

/**
 * /registration/success?e=<opaque success token>[&mail=failed]. The page claims success only once
 * the token is known to be valid: while loading it says so, and an unknown token gets only the error.
 */
/** What the page shows: the code, the address the e-mail went to, and whether a minor's guardian is still to approve (issue 18). */
type SuccessData = { registrationCode: string; email: string; guardianPendingEmail?: string | null | undefined };

/** Where a text holds a value to set apart: the text around it. */
const VALUE_MARK = "\u2063";

function NotFound() {
  const t = useT();
  return (
    <Card className="mx-auto grid max-w-xl gap-4 p-6 text-center sm:p-8">
      <XCircle className="mx-auto size-12 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t("public.success.notFoundTitle")}</h1>
      <Notice tone="destructive">{t("public.success.notFound")}</Notice>
      <p className="text-sm text-muted-foreground">{t("public.success.notFoundHelp")}</p>
      <WaysForward className="sm:justify-center" />
    </Card>
  );
}

/** What to do now: verify, the sheet to bring, the manage link, and what to do if the address is wrong. */
function NextSteps({ code }: { code: string }) {
  const t = useT();
  return (
    <section aria-labelledby="success-next" className="grid gap-3 text-left">
      <h2 id="success-next" className="text-lg font-semibold">
        {t("public.success.nextTitle")}
      </h2>
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>{t("public.success.nextVerify")}</li>
        <li>{t("public.success.nextSheet")}</li>
        <li>{t("public.success.nextManage")}</li>
      </ol>
      <p className="text-sm text-muted-foreground">{t("public.success.wrongAddress")}</p>
      <ContactAgency code={code} />
    </section>
  );
}

function Registered({ data, mailFailed }: { data: SuccessData; mailFailed: boolean }) {
  const t = useT();
  const [before, after] = t("public.success.note", { email: VALUE_MARK }).split(VALUE_MARK);
  return (
    <Card className="mx-auto grid max-w-xl gap-5 p-6 text-center sm:p-8">
      <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t("public.success.title")}</h1>
      {mailFailed ? (
        <Notice tone="warning" className="grid gap-3 text-left">
          <p className="font-medium">{t("public.success.emailFailed")}</p>
          <p>{t("public.success.emailFailedNext")}</p>
          <ContactAgency code={data.registrationCode} />
        </Notice>
      ) : (
        <p className="text-muted-foreground" data-testid="success-note">
          {before}
          <strong className="font-semibold text-foreground [overflow-wrap:anywhere]">{data.email}</strong>
          {after}
        </p>
      )}
      {data.guardianPendingEmail ? (
        <Notice tone="warning">{t("privacy.guardian.pendingNotice", { email: data.guardianPendingEmail })}</Notice>
      ) : null}
      <div className="rounded-lg border border-dashed border-primary/50 bg-accent/40 p-4">
        <p className="text-sm text-muted-foreground">{t("public.success.codeLabel")}</p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-widest" data-testid="registration-code">
          {data.registrationCode}
        </p>
      </div>
      {mailFailed ? null : <NextSteps code={data.registrationCode} />}
    </Card>
  );
}

export function SuccessPage({ search }: { search: string }) {
  const t = useT();
  const params = new URLSearchParams(search);
  const token = params.get("e") ?? "";
  const mailFailed = params.get("mail") === "failed";
  const rendered = usePageState()?.success;
  let initial: LoadState<SuccessData> | undefined;
  if (rendered?.token === token) {
    initial =
      "registrationCode" in rendered
        ? {
            status: "success",
            data: {
              registrationCode: rendered.registrationCode,
              email: rendered.email,
              guardianPendingEmail: rendered.guardianPendingEmail,
            },
          }
        : { status: "error", error: new Error("invalid_token") };
  }
  const { state } = useLoad<SuccessData>((signal) => getRegistrationSuccess(token, signal), token, initial);

  if (state.status === "loading") {
    return (
      <Card className="mx-auto grid max-w-xl gap-4 p-6 text-center sm:p-8">
        <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t("public.success.loading")}
        </p>
      </Card>
    );
  }
  if (state.status === "error") return <NotFound />;
  return <Registered data={state.data} mailFailed={mailFailed} />;
}
