import { useT } from "@web/lib/language";
import { CalendarPlus, Plus } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Loading } from "@web/components/ui/spinner";
import { useCan } from "@web/features/accounts";
import { useEvents } from "../api/get-events";
import { EventCard } from "../components/event-card";

const NEW_EVENT_PATH = "/dashboard/scouting/events/new";

/** /dashboard/scouting/events: every event as a card, by event date. */
export function EventsPage() {
  const t = useT();
  const can = useCan();
  const canEdit = can("events.manage");
  const events = useEvents();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">{t("events.list.title")}</h1>
        {canEdit ? (
          <Button asChild>
            <Link to={NEW_EVENT_PATH}>
              <Plus aria-hidden="true" />
              {t("events.list.createEvent")}
            </Link>
          </Button>
        ) : null}
      </div>

      {events.isPending ? (
        <Loading text={t("events.list.loading")} />
      ) : events.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{t("events.list.errorTitle")}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{events.error.message}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => void events.refetch()}>
                {t("common.retry")}
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : events.data.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-4 py-12 text-center">
          <CalendarPlus className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{t("events.list.emptyTitle")}</h2>
          <p className="text-sm text-muted-foreground">{t("events.list.emptyBody")}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("events.list.title")}>
          {events.data.map((event) => (
            <li key={event.id} className="grid">
              <EventCard
                event={event}
                canEdit={canEdit}
                canInvite={can("callbacks.manage")}
                openCallName={events.data.find((other) => other.id === event.callbackOf)?.eventName}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const Component = EventsPage;
