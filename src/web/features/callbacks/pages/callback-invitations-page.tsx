import { formatDateFor, formatDateTimeFor, formatTimeRangeFor } from "@common/dates-language";
import type { CallbackAnswer, CallbackInvitation } from "@common/schemas/callbacks";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, BellRing } from "lucide-react";
import type { ComponentProps } from "react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { Alert, AlertTitle } from "@web/components/ui/alert";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { Loading } from "@web/components/ui/spinner";
import { eventsQueryOptions } from "@web/features/events";
import { ApiError } from "@web/lib/api";
import { useLanguage, useT } from "@web/lib/language";
import { useCallbackInvitations, useRemindCallback } from "../api/callback-invitations";

const ANSWER_TONE: Record<CallbackAnswer, ComponentProps<typeof Badge>["tone"]> = {
  accepted: "green",
  declined: "red",
  no_answer: "yellow",
  expired: "neutral",
  cancelled: "neutral",
};

/** /dashboard/scouting/events/:eventId/callback (issue 36): a callback's invitations, their answers, the one reminder. */
export function CallbackInvitationsPage() {
  const { t, language } = useLanguage();
  const { eventId = "" } = useParams();
  const events = useQuery(eventsQueryOptions());
  const invitations = useCallbackInvitations(eventId);
  const event = events.data?.find((candidate) => candidate.id === eventId);
  const openCall = events.data?.find((candidate) => candidate.id === event?.callbackOf);
  const items = invitations.data?.items ?? [];
  const count = (answer: CallbackAnswer) => items.filter((item) => item.answer === answer).length;

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="grid gap-2">
        <Link
          to="/dashboard/scouting/events"
          className="flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("callbacks.page.back")}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight break-words">
          {event ? t("callbacks.page.heading", { name: event.eventName }) : t("callbacks.page.title")}
        </h1>
        {event ? (
          <p className="text-sm text-muted-foreground">
            {[
              openCall ? t("callbacks.page.callbackOf", { name: openCall.eventName }) : null,
              formatDateFor(language, event.eventDate),
              event.location,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        ) : null}
      </div>
      {invitations.isPending ? (
        <Loading text={t("callbacks.page.loading")} />
      ) : invitations.isError ? (
        <Alert variant="destructive">
          <AlertTitle>
            {invitations.error instanceof ApiError && invitations.error.code === "not_a_callback_event"
              ? t("callbacks.page.notACallback")
              : t("callbacks.page.loadFailed")}
          </AlertTitle>
        </Alert>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
          {t("callbacks.page.empty")}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-medium" data-testid="callback-summary">
              {t("callbacks.page.summary", {
                accepted: count("accepted"),
                declined: count("declined"),
                waiting: count("no_answer"),
              })}
            </p>
            <RemindButton callbackId={eventId} items={items} />
          </div>
          <ul className="grid gap-3" aria-label={t("callbacks.page.title")}>
            {items.map((invitation) => (
              <li key={invitation.id}>
                <InvitationCard invitation={invitation} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** "Recordar a quienes no respondieron": one reminder each, ever; nothing to do once all have had theirs. */
function RemindButton({ callbackId, items }: { callbackId: string; items: CallbackInvitation[] }) {
  const t = useT();
  const remind = useRemindCallback();
  const due = items.some((item) => item.answer === "no_answer" && item.remindedAt === null);
  return (
    <div className="grid gap-1 sm:justify-items-end">
      <Button
        variant="outline"
        disabled={!due || remind.isPending}
        aria-describedby="callback-remind-hint"
        onClick={() =>
          remind.mutate(callbackId, {
            onSuccess: ({ reminded }) => toast.success(t("callbacks.page.reminded", { count: reminded })),
            onError: () => toast.error(t("callbacks.page.remindFailed")),
          })
        }
      >
        <BellRing aria-hidden="true" />
        {remind.isPending ? t("callbacks.page.reminding") : t("callbacks.page.remind")}
      </Button>
      <p id="callback-remind-hint" className="text-xs text-muted-foreground">
        {t("callbacks.page.remindHint")}
      </p>
    </div>
  );
}

function InvitationCard({ invitation }: { invitation: CallbackInvitation }) {
  const { t, language } = useLanguage();
  const { person, timeslot } = invitation;
  const when = (key: "invitedAt" | "answeredAt" | "remindedAt" | "deadline", value: string | null) =>
    value ? t(`callbacks.page.${key}`, { date: formatDateTimeFor(language, value) }) : null;
  return (
    <Card data-testid="callback-invitation">
      <CardContent className="grid gap-2 pt-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <div className="min-w-0">
          <p className="font-semibold break-words">{person.fullName}</p>
          <p className="text-sm text-muted-foreground">
            <span className="font-mono">{person.registrationCode}</span>
            {person.email ? <span className="break-all"> · {person.email}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <Badge tone={ANSWER_TONE[invitation.answer]}>{t(`callbacks.answers.${invitation.answer}`)}</Badge>
          {timeslot ? (
            <span className="text-sm font-medium">{formatTimeRangeFor(language, timeslot.startTime, timeslot.endTime)}</span>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground sm:col-span-2">
          {[
            when("invitedAt", invitation.invitedAt),
            when("answeredAt", invitation.answeredAt),
            when("remindedAt", invitation.remindedAt),
            invitation.answeredAt ? null : when("deadline", invitation.deadline),
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </CardContent>
    </Card>
  );
}

export const Component = CallbackInvitationsPage;
