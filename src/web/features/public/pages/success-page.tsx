import { useT } from "@web/lib/language";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { getRegistrationSuccess } from "../api/get-registration-success";
import { useLoad, type LoadState } from "../api/use-load";
import { Card, Notice } from "../components/public-ui";
import { usePageState } from "../page-state";

/**
 * /registration/success?e=<opaque success token>[&mail=failed]. The page claims success only once
 * the token is known to be valid: while loading it says so, and an unknown token gets only the error.
 */
/** What the page shows: the code, and whether a minor's guardian is still to approve (issue 18). */
type SuccessData = { registrationCode: string; guardianPendingEmail?: string | null | undefined };

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
            data: { registrationCode: rendered.registrationCode, guardianPendingEmail: rendered.guardianPendingEmail },
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

  if (state.status === "error") {
    return (
      <Card className="mx-auto grid max-w-xl gap-4 p-6 text-center sm:p-8">
        <XCircle className="mx-auto size-12 text-destructive" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{t("public.success.notFoundTitle")}</h1>
        <Notice tone="destructive">{t("public.success.notFound")}</Notice>
      </Card>
    );
  }

  return (
    <Card className="mx-auto grid max-w-xl gap-4 p-6 text-center sm:p-8">
      <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t("public.success.title")}</h1>
      {mailFailed ? (
        <Notice tone="warning">{t("public.success.emailFailed")}</Notice>
      ) : (
        <p className="text-muted-foreground">{t("public.success.note")}</p>
      )}
      {state.data.guardianPendingEmail ? (
        <Notice tone="warning">{t("privacy.guardian.pendingNotice", { email: state.data.guardianPendingEmail })}</Notice>
      ) : null}
      <div className="rounded-lg border border-dashed border-primary/50 bg-accent/40 p-4">
        <p className="text-sm text-muted-foreground">{t("public.success.codeLabel")}</p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-widest" data-testid="registration-code">
          {state.data.registrationCode}
        </p>
      </div>
    </Card>
  );
}
