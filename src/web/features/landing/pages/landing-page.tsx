import type { MessageId } from "@common/i18n";
import { useT } from "@web/lib/language";
import { ArrowRight, CalendarClock, Clock3, Database, FileCheck2, Mail, ShieldCheck, Smartphone, Star } from "lucide-react";
import type { ReactNode } from "react";
import { EventPreview } from "../components/event-preview";
import { linkButtonClass } from "../components/landing-shell";

type Block = { key: string; title: MessageId; body: MessageId; icon: ReactNode };

const FEATURES: Block[] = [
  {
    key: "events",
    title: "landing.features.items.events.title",
    body: "landing.features.items.events.body",
    icon: <CalendarClock />,
  },
  {
    key: "mobile",
    title: "landing.features.items.mobile.title",
    body: "landing.features.items.mobile.body",
    icon: <Smartphone />,
  },
  { key: "team", title: "landing.features.items.team.title", body: "landing.features.items.team.body", icon: <Star /> },
  { key: "emails", title: "landing.features.items.emails.title", body: "landing.features.items.emails.body", icon: <Mail /> },
];
const BENEFITS: Block[] = [
  { key: "admin", title: "landing.benefits.items.admin.title", body: "landing.benefits.items.admin.body", icon: <FileCheck2 /> },
  { key: "queues", title: "landing.benefits.items.queues.title", body: "landing.benefits.items.queues.body", icon: <Clock3 /> },
  { key: "data", title: "landing.benefits.items.data.title", body: "landing.benefits.items.data.body", icon: <Database /> },
  {
    key: "access",
    title: "landing.benefits.items.access.title",
    body: "landing.benefits.items.access.body",
    icon: <ShieldCheck />,
  },
];

function CallsToAction() {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <a href="/login" className={linkButtonClass.large}>
        {t("landing.hero.start")} <ArrowRight aria-hidden="true" />
      </a>
      <a href="/login" className={linkButtonClass.largeOutline}>
        {t("landing.hero.signIn")}
      </a>
    </div>
  );
}

/** The four feature cards. */
function FeaturesSection() {
  const t = useT();
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="features-title">
      <div className="max-w-2xl">
        <h2 id="features-title" className="text-3xl font-semibold tracking-tight">
          {t("landing.features.title")}
        </h2>
        <p className="mt-3 text-lg text-muted-foreground">{t("landing.features.intro")}</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((feature) => (
          <li
            key={feature.key}
            className="flex flex-col gap-3 rounded-xl border bg-card p-6 shadow-sm"
            data-testid="feature-card"
          >
            <span
              className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5"
              aria-hidden="true"
            >
              {feature.icon}
            </span>
            <h3 className="text-lg font-semibold leading-snug">{t(feature.title)}</h3>
            <p className="text-sm leading-relaxed text-muted-foreground">{t(feature.body)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The four benefit blocks. */
function BenefitsSection() {
  const t = useT();
  return (
    <section className="border-y bg-card" aria-labelledby="benefits-title">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="benefits-title" className="max-w-2xl text-3xl font-semibold tracking-tight">
          {t("landing.benefits.title")}
        </h2>
        <div className="mt-10 grid gap-x-12 gap-y-10 md:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <div key={benefit.key} className="flex gap-4" data-testid="benefit-block">
              <span
                className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground [&_svg]:size-5"
                aria-hidden="true"
              >
                {benefit.icon}
              </span>
              <div className="grid gap-2">
                <h3 className="text-lg font-semibold leading-snug">{t(benefit.title)}</h3>
                <p className="leading-relaxed text-muted-foreground">{t(benefit.body)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** /landing: what OpenCall does for an agency (docs/product.md §2: four feature cards, four benefit blocks). */
export function LandingPage() {
  const t = useT();
  return (
    <>
      <section className="relative overflow-hidden border-b" aria-labelledby="landing-title">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-b from-primary/10 via-background to-background"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
          <div className="flex flex-col items-start gap-6">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t("landing.hero.eyebrow")}</p>
            <h1 id="landing-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
              {t("landing.hero.title")}
            </h1>
            <p className="text-pretty text-lg text-muted-foreground">{t("landing.hero.body")}</p>
            <CallsToAction />
            <p className="text-sm text-muted-foreground">{t("landing.hero.note")}</p>
          </div>
          <EventPreview className="mx-auto w-full max-w-md" />
        </div>
      </section>

      <FeaturesSection />
      <BenefitsSection />

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="closing-title">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary/10 p-8 sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="grid gap-2">
            <h2 id="closing-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              {t("landing.closing.title")}
            </h2>
            <p className="text-muted-foreground">{t("landing.closing.body")}</p>
          </div>
          <CallsToAction />
        </div>
      </section>
    </>
  );
}
