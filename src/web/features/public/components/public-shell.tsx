import type { ReactNode } from "react";
import { useAgency, useContactEmail } from "../hooks/use-agency";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The public visitor pages' frame: the agency's mark, the language and theme, and the footer with the privacy notice and the contact address. */
export function PublicShell({ children }: { children: ReactNode }) {
  const agency = useAgency();
  const contactEmail = useContactEmail();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader frame="visitor" agency={agency} />
      <main id="main" className="flex-1">
        <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">{children}</div>
      </main>
      <SiteFooter frame="visitor" contactEmail={contactEmail} />
    </div>
  );
}
