import { accounts as accountsTexts } from "@common/texts/accounts";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";
import { AuthCard } from "./auth-card";

/** SPEC.md §2 registration-disabled page. */
export function RegistrationDisabled() {
  return (
    <AuthCard title={accountsTexts.registrationDisabled.title}>
      <div className="grid gap-6">
        <p>{accountsTexts.registrationDisabled.body}</p>
        <Button asChild className="justify-self-start">
          <Link to="/login">{accountsTexts.registrationDisabled.back}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
