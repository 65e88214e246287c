import type { MessageId } from "@common/i18n";
import { useT } from "@web/lib/language";
import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";
import { AuthCard } from "../components/auth-card";

/** docs/product.md §2 /registration-pending. */
const LINES: MessageId[] = [
  "accounts.registrationPending.body.received",
  "accounts.registrationPending.body.verification",
  "accounts.registrationPending.body.review",
  "accounts.registrationPending.body.approval",
];

export function RegistrationPendingPage() {
  const t = useT();
  return (
    <AuthCard title={t("accounts.registrationPending.title")}>
      <div className="grid gap-4">
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        {LINES.map((line) => (
          <p key={line}>{t(line)}</p>
        ))}
        <p className="font-medium">{t("accounts.registrationPending.checkInbox")}</p>
        <Button asChild className="justify-self-start">
          <Link to="/login">{t("accounts.registrationPending.toLogin")}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

export const Component = RegistrationPendingPage;
