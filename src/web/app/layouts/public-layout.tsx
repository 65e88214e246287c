import { useT } from "@web/lib/language";
import { Link, Outlet } from "react-router";
import { SiteFooter, SiteHeader } from "@web/features/public";
import { Button } from "@web/components/ui/button";
import { useSettings } from "@web/lib/settings";

/** The staff app's public pages (sign-in, sign-up, e-mailed links): the site's header with 'Iniciar Sesión', and its footer. */
export function PublicLayout() {
  const t = useT();
  const settings = useSettings();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader frame="wide">
        <Button asChild>
          <Link to="/login">{t("common.signIn")}</Link>
        </Button>
      </SiteHeader>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter frame="wide" contactEmail={settings.data?.contactEmail ?? null} />
    </div>
  );
}
