import { useT } from "@web/lib/language";
import { Link } from "react-router";
import { Logo } from "@web/components/logo";
import { ThemeToggle } from "@web/components/theme-toggle";
import { LanguageSwitch } from "@web/features/public";
import { NotFound } from "../components/not-found";

/** Any path outside the route table. */
export function NotFoundPage() {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to="/" reloadDocument className="rounded-md px-1 py-1" aria-label={t("common.homeLink")}>
          <Logo />
        </Link>
        <div className="flex items-center gap-1">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center pb-16">
        <NotFound />
      </main>
    </div>
  );
}

export const Component = NotFoundPage;
