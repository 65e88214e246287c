import type { SessionUser } from "@common/schemas/accounts";
import { ScanLine } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { useCan, useSession } from "@web/features/accounts";
import { useEventSummaries } from "@web/features/events";
import { useT } from "@web/lib/language";
import { EventChoice, defaultEventId } from "../components/event-choice";
import { Room } from "../components/room";

type Pass = NonNullable<SessionUser["pass"]>;

/**
 * /dashboard/check-in/room?eventId=…: «Sala» (issue 35), a tablet or a phone in a room. The room
 * calls the next ones of the event's line, or a number out of turn, and settles each number it
 * called; the line, the other rooms' calls and the pace update live. A door pass's phone has its
 * event fixed.
 */
export function RoomPage() {
  const t = useT();
  const session = useSession();
  const pass = session.data?.pass ?? null;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <PageHeader title={t("castingday.room.title")} description={t("castingday.room.intro")} className="mb-0" />
      {session.isPending ? <Loading text={t("common.loading")} /> : pass ? <PassRoom pass={pass} /> : <AccountRoom />}
    </div>
  );
}

function PassRoom({ pass }: { pass: Pass }) {
  return (
    <>
      <Card className="grid gap-3 p-4">
        <EventChoice value={pass.event.id} fixed={pass.event} />
        <CheckInLink eventId={pass.event.id} />
      </Card>
      <Room eventId={pass.event.id} />
    </>
  );
}

function AccountRoom() {
  const t = useT();
  const events = useEventSummaries();
  const [params, setParams] = useSearchParams();
  if (events.isPending) return <Loading text={t("common.loading")} />;
  if (events.isError) return <p className="text-destructive">{t("castingday.room.eventsFailed")}</p>;
  const chosen = params.get("eventId");
  const eventId = chosen && events.data?.some((event) => event.id === chosen) ? chosen : defaultEventId(events.data);
  return (
    <>
      <Card className="grid gap-3 p-4">
        <EventChoice events={events.data} value={eventId} onChange={(next) => setParams({ eventId: next }, { replace: true })} />
        {eventId ? <CheckInLink eventId={eventId} /> : null}
      </Card>
      {eventId ? <Room key={eventId} eventId={eventId} /> : null}
    </>
  );
}

/** The door's screen of the same event, for whoever may check people in too. */
function CheckInLink({ eventId }: { eventId: string }) {
  const t = useT();
  const can = useCan();
  if (!can("checkins.perform")) return null;
  return (
    <Button asChild variant="outline" className="justify-self-start">
      <Link to={`/dashboard/check-in?eventId=${encodeURIComponent(eventId)}`}>
        <ScanLine aria-hidden="true" />
        {t("castingday.toCheckIn")}
      </Link>
    </Button>
  );
}

export const Component = RoomPage;
