import { formatDateFor } from "@common/dates-language";
import { useLanguage } from "@web/lib/language";
import type { ScoutingEvent } from "@common/schemas/events";
import { eventShortPath } from "@common/public-paths";
import { ChartColumn, CalendarClock, CalendarDays, ExternalLink, MapPin, Megaphone, Pencil, Repeat } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "@web/components/ui/card";
import { Tooltip } from "@web/components/ui/tooltip";
import { useCan } from "@web/features/accounts";
import { useEventLink } from "../hooks/use-event-link";
import { EventLinkActions, EventShortAddress } from "./event-link-actions";

export const REGISTRATIONS_PATH = "/dashboard/scouting/registrations";

/** A callback's invitations page (issue 36: the callbacks feature's screen). */
export const callbackInvitationsPath = (id: string) => `/dashboard/scouting/events/${encodeURIComponent(id)}/callback`;

/**
 * One event of the list (docs/product.md §2 "Events list"). A callback (issue 36) says whose, and has
 * no public page to share: its invitations instead.
 */
export function EventCard({
  event,
  canEdit,
  openCallName,
  canInvite = false,
}: {
  event: ScoutingEvent;
  canEdit: boolean;
  /** A callback's open call's name. */
  openCallName?: string | undefined;
  canInvite?: boolean;
}) {
  const { t, language } = useLanguage();
  const callback = event.kind === "callback";
  const navigate = useNavigate();
  const registrations = event.registrationCount ?? 0;
  const link = useEventLink(event.slug);
  return (
    <Card className="flex flex-col" data-testid="event-card">
      <EventCardHeader event={event} openCallName={openCallName} />
      <CardContent className="grid flex-1 content-start gap-2 text-sm">
        <p className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">{t("events.list.dateLabel")}: </span>
          <time dateTime={event.eventDate}>{formatDateFor(language, event.eventDate)}</time>
        </p>
        <p className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">{t("events.list.locationLabel")}: </span>
          <span className="min-w-0 break-words">{event.location}</span>
        </p>
        <p className="text-muted-foreground">
          {t("events.list.eventId")}
          <span className="font-mono text-foreground">{event.scoutingId}</span>
        </p>
        {callback ? null : <EventShortAddress link={link} />}
      </CardContent>
      {callback ? null : <EventLinkActions event={event} link={link} />}
      <CardFooter className="flex-wrap justify-between gap-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void navigate(REGISTRATIONS_PATH, { state: { eventId: event.id } })}>
            {t("events.list.viewRegistrations", { count: registrations })}
          </Button>
          {callback && canInvite ? <InvitationsLink event={event} /> : null}
        </div>
        <div className="flex items-center gap-1">
          {callback ? null : <PublicPageLink event={event} />}
          <InsightsLink event={event} />
          <CastingDayLinks event={event} />
          {canEdit ? (
            <Tooltip content={t("events.list.editEvent", { name: event.eventName })}>
              <Button asChild variant="ghost" size="icon-sm">
                <Link
                  to={`/dashboard/scouting/events/${encodeURIComponent(event.id)}/edit`}
                  aria-label={t("events.list.editEvent", { name: event.eventName })}
                >
                  <Pencil aria-hidden="true" />
                </Link>
              </Button>
            </Tooltip>
          ) : null}
        </div>
      </CardFooter>
    </Card>
  );
}

/** The name, the status, whose callback it is, the description. */
function EventCardHeader({ event, openCallName }: { event: ScoutingEvent; openCallName: string | undefined }) {
  const { t } = useLanguage();
  const active = event.status === "active";
  const callback = event.kind === "callback";
  return (
    <CardHeader>
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 text-lg font-semibold leading-tight tracking-tight break-words">{event.eventName}</h2>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          {callback ? <Badge tone="purple">{t("events.list.callback")}</Badge> : null}
          <Badge tone={active ? "green" : "red"}>
            {active ? t("events.list.status.active") : t("events.list.status.inactive")}
          </Badge>
        </div>
      </div>
      {callback && openCallName ? (
        <p className="text-sm font-medium text-violet-800 dark:text-violet-200">
          {t("events.list.callbackOf", { name: openCallName })}
        </p>
      ) : null}
      {event.description ? (
        <p className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground">{event.description}</p>
      ) : null}
    </CardHeader>
  );
}

/** An open call's public registration page, in a new tab. */
function PublicPageLink({ event }: { event: ScoutingEvent }) {
  const { t } = useLanguage();
  const label = t("events.list.openPublicPage", { name: event.eventName });
  return (
    <Tooltip content={label}>
      <Button asChild variant="ghost" size="icon-sm">
        <a href={eventShortPath(event.slug)} target="_blank" rel="noopener noreferrer" aria-label={label}>
          <ExternalLink aria-hidden="true" />
        </a>
      </Button>
    </Tooltip>
  );
}

/** A callback's invitations and their answers (issue 36). */
function InvitationsLink({ event }: { event: ScoutingEvent }) {
  const { t } = useLanguage();
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={callbackInvitationsPath(event.id)} aria-label={t("events.list.invitationsOf", { name: event.eventName })}>
        <Repeat aria-hidden="true" />
        {t("events.list.invitations")}
      </Link>
    </Button>
  );
}

/** The event's insights page (issue 38). */
function InsightsLink({ event }: { event: ScoutingEvent }) {
  const { t } = useLanguage();
  const label = t("insights.page.openOf", { name: event.eventName });
  return (
    <Tooltip content={label}>
      <Button asChild variant="ghost" size="icon-sm">
        <Link to={`/dashboard/scouting/events/${encodeURIComponent(event.id)}/insights`} aria-label={label}>
          <ChartColumn aria-hidden="true" />
        </Link>
      </Button>
    </Tooltip>
  );
}

/** The casting day (issue 35): the room's screen, and for admins the day's preparation (passes, screens, poster). */
function CastingDayLinks({ event }: { event: ScoutingEvent }) {
  const { t } = useLanguage();
  const can = useCan();
  const id = encodeURIComponent(event.id);
  const links = [
    can("queue.call") && {
      to: `/dashboard/check-in/room?eventId=${id}`,
      label: t("castingday.room.openOf", { name: event.eventName }),
      icon: <Megaphone aria-hidden="true" />,
    },
    can("castingday.manage") && {
      to: `/dashboard/scouting/events/${id}/casting-day`,
      label: t("castingday.openOf", { name: event.eventName }),
      icon: <CalendarClock aria-hidden="true" />,
    },
  ].filter((link) => link !== false);
  return links.map((link) => (
    <Tooltip key={link.to} content={link.label}>
      <Button asChild variant="ghost" size="icon-sm">
        <Link to={link.to} aria-label={link.label}>
          {link.icon}
        </Link>
      </Button>
    </Tooltip>
  ));
}
