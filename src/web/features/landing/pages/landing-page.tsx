import { landing as landingTexts } from "@common/texts/landing";
import { ArrowRight, CalendarClock, Clock3, Database, FileCheck2, Mail, ShieldCheck, Smartphone, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";
import { EventPreview } from "../components/event-preview";

const FEATURE_ICONS: ReactNode[] = [
  <CalendarClock key="events" />,
  <Smartphone key="registration" />,
  <Star key="review" />,
  <Mail key="mail" />,
];
const BENEFIT_ICONS: ReactNode[] = [
  <FileCheck2 key="admin" />,
  <Clock3 key="queues" />,
  <Database key="data" />,
  <ShieldCheck key="access" />,
];

function CallsToAction() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Button asChild size="lg">
        <Link to="/login">
          {landingTexts.hero.start} <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/login">{landingTexts.hero.signIn}</Link>
      </Button>
    </div>
  );
}

/** The four feature cards. */
function FeaturesSection() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="features-title">
      <div className="max-w-2xl">
        <h2 id="features-title" className="text-3xl font-semibold tracking-tight">
          {landingTexts.features.title}
        </h2>
        <p className="mt-3 text-lg text-muted-foreground">{landingTexts.features.intro}</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {landingTexts.features.items.map((feature, index) => (
          <li
            key={feature.title}
            className="flex flex-col gap-3 rounded-xl border bg-card p-6 shadow-sm"
            data-testid="feature-card"
          >
            <span
              className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5"
              aria-hidden="true"
            >
              {FEATURE_ICONS[index]}
            </span>
            <h3 className="text-lg font-semibold leading-snug">{feature.title}</h3>
            <p className="text-sm leading-relaxed text-muted-foreground">{feature.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The four benefit blocks. */
function BenefitsSection() {
  return (
    <section className="border-y bg-card" aria-labelledby="benefits-title">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="benefits-title" className="max-w-2xl text-3xl font-semibold tracking-tight">
          {landingTexts.benefits.title}
        </h2>
        <div className="mt-10 grid gap-x-12 gap-y-10 md:grid-cols-2">
          {landingTexts.benefits.items.map((benefit, index) => (
            <div key={benefit.title} className="flex gap-4" data-testid="benefit-block">
              <span
                className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground [&_svg]:size-5"
                aria-hidden="true"
              >
                {BENEFIT_ICONS[index]}
              </span>
              <div className="grid gap-2">
                <h3 className="text-lg font-semibold leading-snug">{benefit.title}</h3>
                <p className="leading-relaxed text-muted-foreground">{benefit.body}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** /landing: what OpenCall does for an agency (SPEC.md §2: four feature cards, four benefit blocks). */
export function LandingPage() {
  return (
    <>
      <section className="relative overflow-hidden border-b" aria-labelledby="landing-title">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-b from-primary/10 via-background to-background"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
          <div className="flex flex-col items-start gap-6">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">{landingTexts.hero.eyebrow}</p>
            <h1 id="landing-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
              {landingTexts.hero.title}
            </h1>
            <p className="text-pretty text-lg text-muted-foreground">{landingTexts.hero.body}</p>
            <CallsToAction />
            <p className="text-sm text-muted-foreground">{landingTexts.hero.note}</p>
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
              {landingTexts.closing.title}
            </h2>
            <p className="text-muted-foreground">{landingTexts.closing.body}</p>
          </div>
          <CallsToAction />
        </div>
      </section>
    </>
  );
}

export const Component = LandingPage;
