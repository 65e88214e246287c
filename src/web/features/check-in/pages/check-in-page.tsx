import type { SessionUser } from "@common/schemas/accounts";
import { CameraOff, Megaphone, ScanLine } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { useCan, useSession } from "@web/features/accounts";
import { defaultEventId, EventChoice } from "@web/features/casting-day";
import { useEventSummaries } from "@web/features/events";
import { useT } from "@web/lib/language";
import { ArrivalsTable } from "../components/arrivals-table";
import { CheckInCard } from "../components/check-in-card";
import { CheckInSearch } from "../components/check-in-search";
import { PendingCheckIns } from "../components/pending-check-ins";
import { useDoor } from "../hooks/use-door";

// The camera and its QR decoder: a chunk of their own, loaded when staff open the camera.
const QrScanner = lazy(() => import("../components/qr-scanner"));

type Pass = NonNullable<SessionUser["pass"]>;

/**
 * /dashboard/check-in: a phone held in one hand at the venue's door (issue 20). `?eventId=` chooses
 * the event (the room's and the casting day's links); a door pass's phone has its event fixed.
 */
export function CheckInPage() {
  const t = useT();
  const session = useSession();
  const pass = session.data?.pass ?? null;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-4">
      <PageHeader title={t("checkin.title")} description={t("checkin.intro")} />
      {session.isPending ? <Loading text={t("common.loading")} /> : pass ? <PassDoor pass={pass} /> : <AccountDoor />}
    </div>
  );
}

function PassDoor({ pass }: { pass: Pass }) {
  return (
    <>
      <div className="grid gap-3">
        <EventChoice value={pass.event.id} fixed={pass.event} />
        <RoomLink eventId={pass.event.id} />
      </div>
      <Door eventId={pass.event.id} />
    </>
  );
}

function AccountDoor() {
  const t = useT();
  const events = useEventSummaries();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState(() => params.get("eventId") ?? "");
  if (events.isPending) return <Loading text={t("common.loading")} />;
  const eventId = events.data?.some((event) => event.id === chosen) ? chosen : defaultEventId(events.data);
  return (
    <>
      <div className="grid gap-3">
        <EventChoice events={events.data} value={eventId} onChange={setChosen} />
        {eventId ? <RoomLink eventId={eventId} /> : null}
      </div>
      {eventId ? <Door key={eventId} eventId={eventId} /> : null}
    </>
  );
}

/** «Sala»: the casting day's line of the same event, for whoever may call it (issue 35). */
function RoomLink({ eventId }: { eventId: string }) {
  const t = useT();
  if (!useCan()("queue.call")) return null;
  return (
    <Button asChild variant="outline" className="justify-self-start">
      <Link to={`/dashboard/check-in/room?eventId=${encodeURIComponent(eventId)}`}>
        <Megaphone aria-hidden="true" />
        {t("castingday.toRoom")}
      </Link>
    </Button>
  );
}

function Door({ eventId }: { eventId: string }) {
  const t = useT();
  const door = useDoor(eventId);
  const [scanning, setScanning] = useState(false);
  const [params, setParams] = useSearchParams();

  // A phone's camera app opened the QR code's link: /check-in?t=… → here.
  const linkToken = params.get("t");
  useEffect(() => {
    if (!linkToken) return;
    setParams({}, { replace: true });
    void door.show({ token: linkToken, eventId });
  }, [linkToken, eventId, setParams, door]);

  return (
    <>
      <PendingCheckIns
        online={door.queue.online}
        pending={door.queue.pending}
        failed={door.queue.failed}
        numbered={door.queue.numbers.numbered}
        onClearNumbered={door.queue.numbers.clear}
        needsSignIn={door.queue.needsSignIn}
        onDismiss={door.queue.dismiss}
        onOpen={(registrationId) => void door.show({ registrationId, eventId })}
        onSignIn={() => void door.queue.signInAgain()}
        onSendNow={() => void door.queue.sendNow()}
      />
      <Card className="grid gap-3 p-4">
        <Button
          size="lg"
          variant={scanning ? "outline" : "default"}
          onClick={() => setScanning(!scanning)}
          aria-pressed={scanning}
        >
          {scanning ? <CameraOff aria-hidden="true" /> : <ScanLine aria-hidden="true" />}
          {scanning ? t("checkin.scan.stop") : t("checkin.scan.start")}
        </Button>
        {scanning ? (
          <Suspense fallback={<Loading text={t("checkin.scan.starting")} />}>
            <QrScanner onScan={door.scan} />
          </Suspense>
        ) : null}
        <CheckInSearch
          onSearch={(q) => void door.search(q)}
          results={door.results}
          onChoose={(item) => void door.show({ registrationId: item.id, eventId })}
        />
      </Card>
      {door.notice ? (
        <p role="status" className="rounded-md border bg-muted px-3 py-2 text-sm">
          {door.notice}
        </p>
      ) : null}
      {door.current ? (
        <CheckInCard
          result={door.current.result}
          offline={door.current.offline}
          busy={door.busy}
          onCheckIn={() => void door.confirm()}
          onOverride={(reason) => void door.confirm(reason)}
          onNext={door.next}
        />
      ) : null}
      <ArrivalsTable eventId={eventId} />
    </>
  );
}

export const Component = CheckInPage;
