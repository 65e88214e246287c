import { useT } from "@web/lib/language";
import type { MessageId } from "@common/i18n";
import { ArrowRight, Check } from "lucide-react";
import { EventPreview } from "../components/event-preview";
import { linkButtonClass } from "../components/landing-shell";

const HIGHLIGHTS: MessageId[] = [
  "landing.home.highlights.slots",
  "landing.home.highlights.sheets",
  "landing.home.highlights.team",
];

/** '/': the public shell's page for a visitor who is not signed in (docs/product.md §2). */
export function HomePage() {
  const t = useT();
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-gradient-to-b from-primary/10 to-transparent"
      />
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
        <p className="rounded-full border bg-card px-3 py-1 text-sm font-medium text-muted-foreground shadow-sm">
          {t("landing.home.eyebrow")}
        </p>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t("landing.home.headline")}</h1>
        <p className="max-w-2xl text-pretty text-lg text-muted-foreground">{t("landing.home.body")}</p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <a href="/login" className={linkButtonClass.large}>
            {t("common.signIn")}
          </a>
          <a href="/landing" className={linkButtonClass.largeOutline}>
            {t("landing.home.moreInfo")} <ArrowRight aria-hidden="true" />
          </a>
        </div>
        <ul className="mt-2 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
          {HIGHLIGHTS.map((item) => (
            <li key={item} className="inline-flex items-center gap-1.5">
              <Check className="size-4 text-primary" aria-hidden="true" />
              {t(item)}
            </li>
          ))}
        </ul>
        <EventPreview className="mt-8 w-full max-w-md" />
      </div>
    </section>
  );
}
