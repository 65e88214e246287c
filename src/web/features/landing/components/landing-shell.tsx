import { footerLinkClass } from "@web/lib/footer-link";
import { useT } from "@web/lib/language";
import type { ReactNode } from "react";
import { Logo } from "@web/components/logo";
import { ContactLine, LanguageSwitch, ThemeButton, useContactEmail } from "@web/features/public";
import { clsx } from "clsx";

const linkButton =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0";

/** Links drawn as the staff app's buttons (components/ui/button), without its class-merging library. */
export const linkButtonClass = {
  primary: clsx(linkButton, "h-10 px-4 text-sm bg-primary text-primary-foreground shadow-sm hover:bg-primary/90"),
  large: clsx(linkButton, "h-12 px-6 text-base bg-primary text-primary-foreground shadow-sm hover:bg-primary/90"),
  largeOutline: clsx(
    linkButton,
    "h-12 px-6 text-base border border-input bg-card shadow-sm hover:bg-accent hover:text-accent-foreground",
  ),
};

/**
 * The frame of the home page and the landing (SPEC.md §2, '/'): logo, language, theme toggle and
 * 'Iniciar Sesión'; the footer with the year, rights, the agencies' page and the contact address.
 * Part of the public entry, so its links into the staff app (/login) are plain links.
 */
export function LandingShell({ children }: { children: ReactNode }) {
  const t = useT();
  const contactEmail = useContactEmail();
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
          <a href="/" className="rounded-md px-1 py-1" aria-label={t("common.homeLink")}>
            {/* Below 400 px the mark alone (the link is named): the language switch, the theme and
                the sign-in button need the room. */}
            <Logo className="max-[399px]:[&>span]:hidden" />
          </a>
          <nav className="flex items-center gap-1 sm:gap-2" aria-label={t("common.publicNav")}>
            <LanguageSwitch />
            <ThemeButton />
            <a href="/login" className={linkButtonClass.primary}>
              {t("common.signIn")}
            </a>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t bg-card">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{t("common.footer.rights", { year })}</p>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
            <a className={footerLinkClass} href="/landing">
              {t("common.footer.forAgencies")}
            </a>
            <a className={footerLinkClass} href="/privacy">
              {t("common.footer.privacy")}
            </a>
            <ContactLine email={contactEmail} />
          </div>
        </div>
      </footer>
    </div>
  );
}
