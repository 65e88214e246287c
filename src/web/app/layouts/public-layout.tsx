import { footerLinkClass } from "@web/lib/footer-link";
import { useT } from "@web/lib/language";
import { Link, Outlet } from "react-router";
import { Logo } from "@web/components/logo";
import { ThemeToggle } from "@web/components/theme-toggle";
import { LanguageSwitch } from "@web/features/public";
import { Button } from "@web/components/ui/button";
import { useSettings } from "@web/lib/settings";

/** The public shell: logo, theme toggle, 'Iniciar Sesión'; footer with year, rights and contact. */
export function PublicLayout() {
  const t = useT();
  const settings = useSettings();
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-md"
      >
        {t("common.skipToContent")}
      </a>
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/" reloadDocument className="rounded-md px-1 py-1" aria-label={t("common.homeLink")}>
            {/* Below 400 px the mark alone (the link is named): the language switch, the theme and
                the sign-in button need the room. */}
            <Logo className="max-[399px]:[&>span]:hidden" />
          </Link>
          <nav className="flex items-center gap-1 sm:gap-2" aria-label={t("common.publicNav")}>
            <LanguageSwitch />
            <ThemeToggle />
            <Button asChild>
              <Link to="/login">{t("common.signIn")}</Link>
            </Button>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <footer className="border-t bg-card">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{t("common.footer.rights", { year })}</p>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
            <Link className={footerLinkClass} to="/landing" reloadDocument>
              {t("common.footer.forAgencies")}
            </Link>
            <Link className={footerLinkClass} to="/privacy" reloadDocument>
              {t("common.footer.privacy")}
            </Link>
            {settings.data ? (
              <p>
                {t("common.footer.contact")}{" "}
                <a
                  className="rounded-sm font-medium text-foreground underline underline-offset-4 hover:text-primary"
                  href={`mailto:${settings.data.contactEmail}`}
                >
                  {settings.data.contactEmail}
                </a>
              </p>
            ) : null}
          </div>
        </div>
      </footer>
    </div>
  );
}
