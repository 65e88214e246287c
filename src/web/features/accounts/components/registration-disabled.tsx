import { useT } from "@web/lib/language";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";
import { AuthCard } from "./auth-card";

/** docs/product.md §2 registration-disabled page. */
export function RegistrationDisabled() {
  const t = useT();
  return (
    <AuthCard title={t("accounts.registrationDisabled.title")}>
      <div className="grid gap-6">
        <p>{t("accounts.registrationDisabled.body")}</p>
        <Button asChild className="justify-self-start">
          <Link to="/login">{t("accounts.registrationDisabled.back")}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
