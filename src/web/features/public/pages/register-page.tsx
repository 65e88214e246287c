import { useLanguage } from "@web/lib/language";
import { formatDateFor } from "@common/dates-language";
import { agencyTitle } from "@common/public-paths";
import type { PublicPageState } from "@common/schemas/public-page";
import type { PublicEvent, RegistrationCreated } from "@common/schemas/public-responses";
import type { WaitlistJoined } from "@common/schemas/self-service";
import { CalendarDays, Loader2, MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "@web/lib/api";
import { getPublicEvent, getPublicEventBySlug } from "../api/get-public-event";
import { useLoad, type LoadState } from "../api/use-load";
import { WaysForward } from "../components/contact-agency";
import { useAgency } from "../hooks/use-agency";
import { Notice, PublicButton } from "../components/public-ui";
import { RegistrationForm } from "../components/registration-form";
import { WaitlistJoinedCard } from "../components/waitlist-joined";
import { WalkInBanner, WalkInClosed, WalkInDone } from "../components/walk-in";
import { walkInsOpen, type WalkInCreated } from "../api/walk-in";
import { usePageState } from "../page-state";

export function successPath(result: RegistrationCreated): string {
  const params = new URLSearchParams({ e: result.successToken });
  if (!result.verificationEmailQueued) params.set("mail", "failed");
  return `/registration/success?${params.toString()}`;
}

/** The page's event: by its id (`/events/<id>/register`) or its short address (`/e/<slug>`). */
export type EventAddress = { eventId: string; slug?: undefined } | { slug: string; eventId?: undefined };

export function RegisterPage({
  eventId,
  slug,
  walkIn,
  navigate,
}: EventAddress & {
  /** The walk-in poster's token (`?walkin=`, issue 35): registered and checked in at once. */
  walkIn?: string | undefined;
  navigate: (path: string) => void;
}) {
  const { t } = useLanguage();
  const initial = renderedEvent(usePageState()?.event, eventId, slug);
  // Read again by its id once known (the server's page says it); by the slug before.
  const id = eventId ?? (initial?.status === "success" ? initial.data.id : undefined);
  const { state, reload } = useLoad(
    (signal) => (id !== undefined ? getPublicEvent(id, signal) : getPublicEventBySlug(slug ?? "", signal)),
    slug ?? eventId ?? "",
    initial,
  );
  // Its availability may be a few seconds old: read again once the person starts on the form,
  // before they reach the slots (the server's capacity rule judges in any case).
  const refreshed = useRef(!initial);
  const refreshSlots = () => {
    if (refreshed.current) return;
    refreshed.current = true;
    reload();
  };
  const [gone, setGone] = useState(false);
  const [joined, setJoined] = useState<WaitlistJoined | null>(null);
  const [walkedIn, setWalkedIn] = useState<WalkInCreated | null>(null);
  const eventName = state.status === "success" ? state.data.eventName : null;
  const agencyName = useAgency()?.name;
  useEffect(() => {
    if (!eventName) return;
    const title = t("public.register.documentTitle", { eventName });
    document.title = agencyName ? agencyTitle(title, agencyName) : title;
  }, [eventName, agencyName, t]);

  if (state.status === "loading") {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        {t("public.register.loading")}
      </p>
    );
  }
  const notFound =
    gone || (state.status === "error" && state.error instanceof ApiError && [400, 404].includes(state.error.status));
  if (notFound) return <EventNotFound />;
  if (state.status === "error") {
    return (
      <Notice tone="destructive" className="my-10">
        <p>{state.error instanceof ApiError ? state.error.message : t("public.errors.submitFailed")}</p>
        <PublicButton variant="outline" className="mt-3" onClick={reload}>
          {t("common.retry")}
        </PublicButton>
      </Notice>
    );
  }

  const event = state.data;
  if (joined) return <WaitlistJoinedCard joined={joined} />;
  if (walkedIn) return <WalkInDone result={walkedIn} />;
  const closedDoor = walkIn !== undefined && !walkInsOpen(event);
  return (
    <div className="grid gap-8">
      <EventHeader event={event} />
      {walkIn !== undefined && !closedDoor ? <WalkInBanner /> : null}
      {closedDoor ? (
        <WalkInClosed />
      ) : (
        <RegistrationForm
          event={event}
          walkIn={walkIn}
          onWalkedIn={setWalkedIn}
          onRegistered={(result) => navigate(successPath(result))}
          onJoinedWaitlist={setJoined}
          onSlotsStale={reload}
          onEventGone={() => setGone(true)}
          onStarted={refreshSlots}
        />
      )}
    </div>
  );
}

/** The event the server rendered the page with, when it is this page's: shown as it is, not fetched again. */
function renderedEvent(
  rendered: PublicPageState["event"],
  eventId: string | undefined,
  slug: string | undefined,
): LoadState<PublicEvent> | undefined {
  const here =
    rendered && (slug !== undefined ? "slug" in rendered && rendered.slug === slug : "id" in rendered && rendered.id === eventId);
  if (!here) return undefined;
  return "data" in rendered
    ? { status: "success", data: rendered.data }
    : { status: "error", error: new ApiError(404, "event_not_found", "") };
}

/** 'Evento no encontrado o inactivo', and the ways forward: the agency's address, the start (issue 32). */
function EventNotFound() {
  const { t } = useLanguage();
  return (
    <div className="grid max-w-xl gap-4 py-10">
      <h1 className="text-2xl font-bold">{t("public.register.notFound")}</h1>
      <p className="text-muted-foreground">{t("public.register.notFoundHelp")}</p>
      <WaysForward className="sm:items-start" />
    </div>
  );
}

/** The event's name, description, date and place, above its form. */
function EventHeader({ event }: { event: PublicEvent }) {
  const { t, language } = useLanguage();
  return (
    <header className="grid gap-3">
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {t("public.register.title", { eventName: event.eventName })}
      </h1>
      {event.description ? <p className="whitespace-pre-line text-muted-foreground">{event.description}</p> : null}
      <dl className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
        <div className="flex items-center gap-2">
          <CalendarDays className="size-4 text-primary" aria-hidden="true" />
          <dt className="sr-only">{t("public.register.date")}</dt>
          <dd className="font-medium">{formatDateFor(language, event.eventDate)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <MapPin className="size-4 text-primary" aria-hidden="true" />
          <dt className="sr-only">{t("public.register.place")}</dt>
          <dd className="font-medium">{event.location}</dd>
        </div>
      </dl>
    </header>
  );
}
