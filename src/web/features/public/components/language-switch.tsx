import type { Language } from "@common/i18n";
import { clsx } from "clsx";
import { useLanguage } from "@web/lib/language";

/**
 * The public pages' language switch: a link-like button naming the other language in that language
 * ('English' on a Spanish page, 'Español' on an English one), so a reader of either finds it. The
 * choice is remembered on the device (useLanguage), so a reload opens in it.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { language, setLanguage, t } = useLanguage();
  const other: Language = language === "es-AR" ? "en" : "es-AR";
  return (
    <button
      type="button"
      lang={other}
      onClick={() => setLanguage(other)}
      className={clsx(
        "inline-flex min-h-12 items-center rounded-md px-3 text-sm font-medium text-foreground underline underline-offset-4 hover:text-primary focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      {t(`common.language.names.${other}`)}
    </button>
  );
}
