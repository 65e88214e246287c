import { useT } from "@web/lib/language";
import { Mail } from "lucide-react";
import { useContactEmail } from "../hooks/use-agency";
import { clsx } from "clsx";
import { buttonClass } from "./public-ui";

/**
 * A way forward where a visitor is stuck (issue 32): a mail to the agency's contact address, with
 * the registration code in its subject when there is one. Without an address, nothing (the page's
 * text says to ask the agency).
 */
export function ContactAgency({ code }: { code?: string }) {
  const t = useT();
  const contact = useContactEmail();
  if (!contact) return null;
  const subject = code ? `?subject=${encodeURIComponent(t("public.success.mailSubject", { code }))}` : "";
  return (
    <a href={`mailto:${contact}${subject}`} className={`${buttonClass.outline} w-full sm:w-auto`}>
      <Mail aria-hidden="true" />
      <span className="min-w-0 [overflow-wrap:anywhere]">{t("public.success.contactAgency", { email: contact })}</span>
    </a>
  );
}

/** Where a page has nothing left to show (a link not found): the agency's address, and the start. */
export function WaysForward({ className }: { className?: string }) {
  const t = useT();
  return (
    <div className={clsx("flex flex-col items-center gap-2 sm:flex-row", className)}>
      <ContactAgency />
      <a href="/" className={`${buttonClass.ghost} w-full sm:w-auto`}>
        {t("common.notFound.back")}
      </a>
    </div>
  );
}
