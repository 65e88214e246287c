import { common } from "@common/texts/common";
import { Link, Outlet } from "react-router";
import { Logo } from "@web/components/logo";
import { ThemeToggle } from "@web/components/theme-toggle";
import { Button } from "@web/components/ui/button";
import { useSettings } from "@web/lib/settings";

/** The public shell: logo, theme toggle, 'Iniciar Sesión'; footer with year, rights and contact. */
export function PublicLayout() {
  const settings = useSettings();
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link to="/" className="rounded-md" aria-label="OpenCall, inicio">
            <Logo />
          </Link>
          <nav className="flex items-center gap-1" aria-label="Principal">
            <ThemeToggle />
            <Button asChild variant="default">
              <Link to="/login">{common.signIn}</Link>
            </Button>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between">
          <p>{common.footer.rights(year)}</p>
          {settings.data ? (
            <p>
              {common.footer.contact}{" "}
              <a className="font-medium text-foreground underline-offset-4 hover:underline" href={`mailto:${settings.data.contactEmail}`}>
                {settings.data.contactEmail}
              </a>
            </p>
          ) : null}
        </div>
      </footer>
    </div>
  );
}
