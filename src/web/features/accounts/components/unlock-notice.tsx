import { useT } from "@web/lib/language";
import { AlertCircle, LockOpen } from "lucide-react";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { useUnlockSignIn } from "../api/unlock-sign-in";

/** The outcome of an e-mailed unlock link (/login?unlock=…), above the sign-in form. */
export function UnlockNotice({ token }: { token: string }) {
  const t = useT();
  const unlock = useUnlockSignIn(token);
  if (unlock.isPending) return <p className="text-sm text-muted-foreground">{t("accounts.login.unlocking")}</p>;
  if (unlock.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertDescription>{t("accounts.errors.unlockInvalid")}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert>
      <LockOpen aria-hidden="true" />
      <AlertDescription>{t("accounts.login.unlocked")}</AlertDescription>
    </Alert>
  );
}
