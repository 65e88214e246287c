import { useT } from "@web/lib/language";
import type { ReactNode } from "react";
import { SiteFooter, SiteHeader, useContactEmail } from "@web/features/public";
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
 * The frame of the home page and the landing (docs/product.md §2, '/'): the site's header with
 * 'Iniciar Sesión', and its footer. Part of the public entry, so its link into the staff app (/login)
 * is a plain link.
 */
export function LandingShell({ children }: { children: ReactNode }) {
  const t = useT();
  const contactEmail = useContactEmail();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader frame="wide">
        <a href="/login" className={linkButtonClass.primary}>
          {t("common.signIn")}
        </a>
      </SiteHeader>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter frame="wide" contactEmail={contactEmail} />
    </div>
  );
}
