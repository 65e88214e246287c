import type { Translate } from "@common/i18n";
import { useT } from "@web/lib/language";
import type { ScoutingEvent, UpdateEventBody } from "@common/schemas/events";
import { CalendarClock } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "@web/components/ui/button";
import { useCan } from "@web/features/accounts";
import { Alert, AlertTitle } from "@web/components/ui/alert";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import { useEvent } from "../api/get-event";
import { useUpdateEvent } from "../api/update-event";
import { EventForm } from "../components/event-form";
import { EventPageShell } from "../components/event-page-shell";
import { EventLinks } from "../components/event-links";
import { Card, CardContent } from "@web/components/ui/card";

const EVENTS_PATH = "/dashboard/scouting/events";

/** Refusals whose message names the slot and its counts, or the short address taken: shown as the server words them. */
const NAMED_REFUSALS = new Set([
  "slug_taken",
  "timeslot_in_use",
  "timeslot_has_waitlist",
  "capacity_below_registrations",
  "capacity_below_held_offers",
]);

/** The catalogue's message, except where the server names what it refused (a slot removed or overbooked, a slug taken). */
function saveErrorMessage(t: Translate, error: Error | null): string | null {
  if (!error) return null;
  if (error instanceof ApiError && NAMED_REFUSALS.has(error.code)) return error.message;
  return t("events.errors.update");
}

function EditEventForm({ event }: { event: ScoutingEvent }) {
  const navigate = useNavigate();
  const t = useT();
  const updateEvent = useUpdateEvent();

  function submit(body: UpdateEventBody) {
    updateEvent.mutate(
      { id: event.id, body },
      {
        onSuccess: () => void navigate(EVENTS_PATH),
        onError: (error) => console.error("update event failed", error),
      },
    );
  }

  return (
    <EventForm
      mode="edit"
      defaultValues={{
        eventName: event.eventName,
        eventDate: event.eventDate,
        location: event.location,
        description: event.description,
        confirmationDetails: event.confirmationDetails,
        photos: event.photos,
        kind: event.kind,
        callbackOf: event.callbackOf,
        walkIns: event.walkIns,
        slug: event.slug,
        status: event.status,
        timeslots: event.timeslots.map(({ id, startTime, endTime, capacity }) => ({ id, startTime, endTime, capacity })),
      }}
      registrationsBySlot={Object.fromEntries(event.timeslots.map((slot) => [slot.id, slot.registrationCount]))}
      onSubmit={submit}
      onCancel={() => void navigate(EVENTS_PATH)}
      isPending={updateEvent.isPending}
      errorMessage={saveErrorMessage(t, updateEvent.error)}
      serverFieldErrors={updateEvent.error instanceof ApiError ? updateEvent.error.fields : undefined}
    />
  );
}

/** The way to the casting day's preparation (door passes, venue screens, the walk-in poster), for whoever manages it. */
function CastingDayCard({ eventId }: { eventId: string }) {
  const t = useT();
  if (!useCan()("castingday.manage")) return null;
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
        <p className="text-sm text-muted-foreground">{t("castingday.editPageNote")}</p>
        <Button asChild variant="outline">
          <Link to={`/dashboard/scouting/events/${encodeURIComponent(eventId)}/casting-day`}>
            <CalendarClock aria-hidden="true" />
            {t("castingday.title")}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /dashboard/scouting/events/:eventId/edit (admin only): 'Editar Evento de Scouting'. */
export function EditEventPage() {
  const t = useT();
  const { eventId = "" } = useParams();
  const event = useEvent(eventId);
  return (
    <EventPageShell
      title={t("events.form.editTitle")}
      after={
        event.data ? (
          <>
            <CastingDayCard eventId={event.data.id} />
            <Card>
              <CardContent className="pt-6">
                <EventLinks event={event.data} />
              </CardContent>
            </Card>
          </>
        ) : null
      }
    >
      {event.isPending ? (
        <Loading text={t("events.form.loadingEvent")} />
      ) : event.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{t("events.errors.load")}</AlertTitle>
        </Alert>
      ) : (
        // Keyed by id: the form takes its values once, when the event is loaded.
        <EditEventForm key={event.data.id} event={event.data} />
      )}
    </EventPageShell>
  );
}

export const Component = EditEventPage;
