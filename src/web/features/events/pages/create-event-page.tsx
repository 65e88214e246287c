import { DEFAULT_PHOTO_SETTING } from "@common/photos";
import { useT } from "@web/lib/language";
import { TIMESLOT_DEFAULT_CAPACITY } from "@common/constants";
import type { UpdateEventBody } from "@common/schemas/events";
import { useNavigate } from "react-router";
import { ApiError } from "@web/lib/api";
import { useCreateEvent } from "../api/create-event";
import { EventForm } from "../components/event-form";
import { EventPageShell } from "../components/event-page-shell";

const EVENTS_PATH = "/dashboard/scouting/events";

/** /dashboard/scouting/events/new (admin only): 'Crear Evento de Scouting'. */
export function CreateEventPage() {
  const t = useT();
  const navigate = useNavigate();
  const createEvent = useCreateEvent();

  function submit({ status: _status, timeslots, ...event }: UpdateEventBody) {
    createEvent.mutate(
      { ...event, timeslots: timeslots.map(({ startTime, endTime, capacity }) => ({ startTime, endTime, capacity })) },
      {
        onSuccess: () => void navigate(EVENTS_PATH),
        onError: (error) => console.error("create event failed", error),
      },
    );
  }

  return (
    <EventPageShell title={t("events.form.createTitle")}>
      <EventForm
        mode="create"
        defaultValues={{
          eventName: "",
          eventDate: "",
          location: "",
          description: "",
          confirmationDetails: "",
          photos: DEFAULT_PHOTO_SETTING,
          kind: "open",
          callbackOf: null,
          status: "active",
          timeslots: [{ startTime: "", endTime: "", capacity: TIMESLOT_DEFAULT_CAPACITY }],
        }}
        onSubmit={submit}
        onCancel={() => void navigate(EVENTS_PATH)}
        isPending={createEvent.isPending}
        errorMessage={createEvent.isError ? t("events.errors.create") : null}
        serverFieldErrors={createEvent.error instanceof ApiError ? createEvent.error.fields : undefined}
      />
    </EventPageShell>
  );
}

export const Component = CreateEventPage;
