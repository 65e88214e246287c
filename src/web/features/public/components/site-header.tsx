import type { Agency } from "@common/schemas/agency";
import { clsx } from "clsx";
import { Moon, Sun } from "lucide-react";
import type { ReactNode } from "react";
import { Logo } from "@web/components/logo";
import { useT } from "@web/lib/language";
import { useTheme } from "@web/lib/theme";
import { useHydrated } from "../page-state";
import { LanguageSwitch } from "./language-switch";
import { buttonClass } from "./public-ui";

/**
 * Where a public page sits (issue 33): the visitor pages' narrow frame (the agency's pages, on a
 * phone at a venue), or the wide one of the pages that speak to agencies and staff (the home page,
 * the landing, the staff app's account pages and its 404).
 */
export type SiteFrame = "visitor" | "wide";

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

/** The visitor frame's mark: the agency's logo and name, once known; the product's meanwhile. */
function AgencyMark({ agency }: { agency: Agency | null }) {
  if (!agency) return <Logo />;
  return (
    <span className="inline-flex min-w-0 items-center gap-2 font-bold tracking-tight">
      {agency.logoUrl ? <img src={agency.logoUrl} alt="" className="size-8 shrink-0 rounded object-contain" /> : null}
      <span className="truncate text-lg">{agency.name}</span>
    </span>
  );
}

interface SiteHeaderProps {
  frame: SiteFrame;
  /** The visitor frame's mark (null while unknown); the wide frame shows the product's. */
  agency?: Agency | null | undefined;
  /** What follows the language switch and the theme toggle: 'Iniciar Sesión' where a shell has it. */
  children?: ReactNode;
}

/**
 * The header of every public page: the mark, a link home; the language switch; the theme toggle;
 * and the shell's own actions. Its links are plain links (the home page is a server-rendered
 * document, ADR 013), so the public entry and the staff app draw it alike. The wide frame comes with
 * the skip link to #main.
 */
export function SiteHeader({ frame, agency = null, children }: SiteHeaderProps) {
  const t = useT();
  const controls = (
    <>
      <LanguageSwitch />
      <ThemeButton />
      {children}
    </>
  );
  if (frame === "visitor") {
    return (
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-2 px-4">
          <a
            href="/"
            className="min-w-0 rounded-md focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={agency ? t("common.agencyHomeLink", { name: agency.name }) : t("common.homeLink")}
          >
            <AgencyMark agency={agency} />
          </a>
          <div className="flex items-center gap-1">{controls}</div>
        </div>
      </header>
    );
  }
  return (
    <>
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
            {controls}
          </nav>
        </div>
      </header>
    </>
  );
}
