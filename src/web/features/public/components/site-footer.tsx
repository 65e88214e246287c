import { clsx } from "clsx";
import { useT } from "@web/lib/language";
import { authenticSite } from "@common/public-paths";
import { usePageState } from "../page-state";
import type { SiteFrame } from "./site-header";

/**
 * A footer link: a 24 px tall target, so that neighbouring links are not too small to tap (WCAG
 * 2.5.8, Lighthouse's target-size audit).
 */
const footerLinkClass =
  "inline-flex min-h-6 items-center rounded-sm font-medium text-foreground underline-offset-4 hover:underline";

/** The footer's contact line: 'Contacto:' and the address, when there is one. */
function ContactLine({ email }: { email: string | null }) {
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

/**
 * Where anyone checks that a casting, a link or a message is the agency's (issue 39), on PUBLIC_URL:
 * the host the server rendered the page for, else (the staff app's public pages) the page's own.
 */
function AuthenticLine() {
  const t = useT();
  const host = usePageState()?.host ?? (typeof window === "undefined" ? "" : window.location.host);
  if (!host) return null;
  return (
    <a className={footerLinkClass} href="/authentic">
      {t("common.footer.authentic", { site: authenticSite(`http://${host}`) })}
    </a>
  );
}

/**
 * The footer of every public page that has one (docs/product.md §2): the year and the rights, the
 * agencies' page (in the wide frame, whose pages speak to agencies), the privacy notice, the
 * contact address and where to check a casting is the agency's. Plain links: each is a document of its own.
 */
export function SiteFooter({ frame, contactEmail }: { frame: SiteFrame; contactEmail: string | null }) {
  const t = useT();
  const year = new Date().getFullYear();
  const wide = frame === "wide";
  return (
    <footer className={clsx("border-t", wide && "bg-card")}>
      <div
        className={clsx(
          "mx-auto flex flex-col px-4 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between",
          wide ? "max-w-6xl gap-2 py-8 sm:px-6" : "max-w-3xl gap-1 py-6",
        )}
      >
        <p>{t("common.footer.rights", { year })}</p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
          {wide ? (
            <a className={footerLinkClass} href="/landing">
              {t("common.footer.forAgencies")}
            </a>
          ) : null}
          <a className={footerLinkClass} href="/privacy">
            {t("common.footer.privacy")}
          </a>
          <ContactLine email={contactEmail} />
          <AuthenticLine />
        </div>
      </div>
    </footer>
  );
}
