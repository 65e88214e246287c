import { signUpAttempt, accounts as t } from "@common/texts/accounts";
import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";
import { AuthCard } from "../components/auth-card";

/** SPEC.md §2 /registration-pending. */
export function RegistrationPendingPage() {
  return (
    <AuthCard title={t.registrationPending.title}>
      <div className="grid gap-4">
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        {t.registrationPending.body.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p className="font-medium">{signUpAttempt.pendingInbox}</p>
        <Button asChild className="justify-self-start">
          <Link to="/login">{t.registrationPending.toLogin}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

export const Component = RegistrationPendingPage;
