import { footerLinkClass } from "@web/lib/footer-link";
import { useT } from "@web/lib/language";
import type { PublicSettings } from "@common/schemas/settings";
import { clsx } from "clsx";
import { Moon, Sun } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Logo } from "@web/components/logo";
import { api } from "@web/lib/api";
import { useTheme } from "@web/lib/theme";
import { usePageState, useHydrated } from "../page-state";
import { LanguageSwitch } from "./language-switch";
import { buttonClass } from "./public-ui";

/** The footer's contact address: the server rendered the page with it, else it is fetched. */
export function useContactEmail(): string | null {
  const rendered = usePageState();
  const [contactEmail, setContactEmail] = useState<string | null>(rendered?.contactEmail ?? null);
  useEffect(() => {
    if (rendered) return; // the server rendered the page with it
    const controller = new AbortController();
    api<PublicSettings>("/api/public/settings", { signal: controller.signal }).then(
      (settings) => setContactEmail(settings.contactEmail),
      () => undefined, // the footer simply goes without the address
    );
    return () => controller.abort();
  }, [rendered]);
  return contactEmail;
}

/**
 * The theme toggle of the public pages. The server cannot know the saved theme: the icon follows the
 * page's class (set before the first paint by theme-init.js), and the label is the theme's once the
 * client has taken over.
 */
export function ThemeButton({ className }: { className?: string }) {
  const t = useT();
  const { theme, toggleTheme } = useTheme();
  const hydrated = useHydrated();
  const dark = hydrated && theme === "dark";
  const toggleLabel = dark ? t("common.theme.toLight") : t("common.theme.toDark");
  return (
    <button
      type="button"
      className={clsx(buttonClass.ghost, "size-12 px-0", className)}
      onClick={toggleTheme}
      aria-label={toggleLabel}
      title={toggleLabel}
    >
      <Sun aria-hidden="true" className="hidden dark:block" />
      <Moon aria-hidden="true" className="dark:hidden" />
    </button>
  );
}

/** The footer's contact line: 'Contacto:' and the address, when there is one. */
export function ContactLine({ email }: { email: string | null }) {
  const t = useT();
  if (!email) return null;
  return (
    <p>
      {t("common.footer.contact")}{" "}
      <a className="font-medium text-foreground underline-offset-4 hover:underline" href={`mailto:${email}`}>
        {email}
      </a>
    </p>
  );
}

/** The public visitor pages' frame: logo, theme toggle and the footer with the privacy notice and the contact address. */
export function PublicShell({ children }: { children: ReactNode }) {
  const t = useT();
  const contactEmail = useContactEmail();
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-2 px-4">
          <a href="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-ring" aria-label={t("common.homeLink")}>
            <Logo />
          </a>
          <div className="flex items-center gap-1">
            <LanguageSwitch />
            <ThemeButton />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">{children}</div>
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-3xl flex-col gap-1 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>{t("common.footer.rights", { year })}</p>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
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
