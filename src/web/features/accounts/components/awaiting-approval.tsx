import { useT } from "@web/lib/language";
import { Clock, LogOut } from "lucide-react";
import { Logo } from "@web/components/logo";
import { ThemeToggle } from "@web/components/theme-toggle";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { useSignOut, useSignOutListener } from "../api/sign-out";

/**
 * All that a pending account sees (the server answers it 403 account_pending everywhere). Also the
 * fallback when the profile cannot be loaded: then it reads as member/pending, with the reason.
 */
export function AwaitingApproval({ profileError, onRetry }: { profileError?: string; onRetry?: () => void }) {
  const t = useT();
  const signOut = useSignOut();
  useSignOutListener();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center justify-between gap-2 border-b px-4">
        <Logo />
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <Button variant="ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" />
            {t("common.signOut")}
          </Button>
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
        <Card className="w-full max-w-lg">
          <CardHeader className="items-start">
            <Clock className="size-8 text-primary" aria-hidden="true" />
            <h1 className="text-2xl font-semibold tracking-tight">{t("accounts.awaitingApproval.title")}</h1>
          </CardHeader>
          <CardContent className="grid gap-4 text-sm">
            {profileError ? (
              <Alert variant="warning">
                <AlertDescription>{profileError}</AlertDescription>
              </Alert>
            ) : null}
            <p>{t("accounts.awaitingApproval.body")}</p>
            <p className="text-muted-foreground">{t("accounts.awaitingApproval.verifyFirst")}</p>
            {onRetry ? (
              <Button variant="outline" className="justify-self-start" onClick={onRetry}>
                {t("accounts.awaitingApproval.retry")}
              </Button>
            ) : null}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
