import { useT } from "@web/lib/language";
import { CheckCircle2, XCircle } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@web/components/ui/button";
import { Loading } from "@web/components/ui/spinner";
import { useVerifyEmail } from "../api/verify-email";
import { AuthCard } from "../components/auth-card";

/** The staff e-mail verification link opens this page; the page confirms the token (never the GET of the link). */
export function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const verification = useVerifyEmail(token);
  const failed = !token || verification.isError;

  return (
    <AuthCard title={t("accounts.verifyEmail.title")}>
      <div className="grid gap-4">
        {!failed && verification.isPending ? <Loading text={t("accounts.verifyEmail.verifying")} /> : null}
        {verification.isSuccess ? (
          <div role="status" className="grid gap-2">
            <p className="flex items-center gap-2 font-medium">
              <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
              {t("accounts.verifyEmail.verified")}
            </p>
            <p className="text-muted-foreground">{t("accounts.verifyEmail.verifiedNext")}</p>
          </div>
        ) : null}
        {failed ? (
          <p role="alert" className="flex items-center gap-2 font-medium text-destructive">
            <XCircle className="size-5" aria-hidden="true" />
            {t("accounts.verifyEmail.invalid")}
          </p>
        ) : null}
        {!verification.isPending || failed ? (
          <Button asChild className="justify-self-start">
            <Link to="/login">{t("accounts.verifyEmail.toLogin")}</Link>
          </Button>
        ) : null}
      </div>
    </AuthCard>
  );
}

export const Component = VerifyEmailPage;
