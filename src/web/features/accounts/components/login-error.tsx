import { accounts as accountsTexts } from "@common/texts/accounts";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { ApiError } from "@web/lib/api";

/** SPEC.md §8: invalid credentials and any other failure have their own texts. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "invalid_credentials") return accountsTexts.login.invalidCredentials;
    if (error.code === "rate_limited") return accountsTexts.login.rateLimited;
  }
  return accountsTexts.login.otherError;
}

/** The 'Login failed' box with its tips (SPEC.md §2 Login page). */
export function LoginError({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{accountsTexts.login.errorTitle}</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>{message}</p>
        <ul className="mt-2 list-disc space-y-0.5 pl-4 text-muted-foreground">
          {accountsTexts.login.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
