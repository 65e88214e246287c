import type { MessageId } from "@common/i18n";
import { useT } from "@web/lib/language";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { ApiError } from "@web/lib/api";

/** docs/product.md §8: invalid credentials and any other failure have their own texts. */
export function loginErrorMessage(error: unknown): MessageId {
  if (error instanceof ApiError) {
    if (error.code === "invalid_credentials") return "accounts.login.invalidCredentials";
    if (error.code === "rate_limited") return "accounts.login.rateLimited";
  }
  return "accounts.login.otherError";
}

const TIPS: MessageId[] = [
  "accounts.login.tips.capsLock",
  "accounts.login.tips.spelling",
  "accounts.login.tips.password",
  "accounts.login.tips.support",
];

/** The 'Login failed' box with its tips (docs/product.md §2 Login page). */
export function LoginError({ message }: { message: string }) {
  const t = useT();
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{t("accounts.login.errorTitle")}</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>{message}</p>
        <ul className="mt-2 list-disc space-y-0.5 pl-4 text-muted-foreground">
          {TIPS.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
