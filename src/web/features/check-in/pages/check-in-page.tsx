import { todayIso } from "@common/dates";
import { formatDateFor } from "@common/dates-language";
import type { EventSummary } from "@common/schemas/events";
import { CameraOff, ScanLine } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { NativeSelect } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { useEventSummaries } from "@web/features/events";
import { useLanguage, useT } from "@web/lib/language";
import { ArrivalsTable } from "../components/arrivals-table";
import { CheckInCard } from "../components/check-in-card";
import { CheckInSearch } from "../components/check-in-search";
import { PendingCheckIns } from "../components/pending-check-ins";
import { useDoor } from "../hooks/use-door";

// The camera and its QR decoder: a chunk of their own, loaded when staff open the camera.
const QrScanner = lazy(() => import("../components/qr-scanner"));

/** Today's event first, else the newest. */
function defaultEvent(events: EventSummary[] | undefined): string {
  const today = todayIso();
  return (events?.find((event) => event.eventDate === today) ?? events?.[0])?.id ?? "";
}

/** /dashboard/check-in: a phone held in one hand at the venue's door (issue 20). */
export function CheckInPage() {
  const { language, t } = useLanguage();
  const events = useEventSummaries();
  const [chosen, setChosen] = useState("");
  const eventId = chosen || defaultEvent(events.data);
  const selectId = useId();

  if (events.isPending) return <Loading text={t("common.loading")} />;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-4">
      <PageHeader title={t("checkin.title")} description={t("checkin.intro")} />
      <div className="grid gap-2">
        <Label htmlFor={selectId}>{t("checkin.event")}</Label>
        <NativeSelect id={selectId} value={eventId} onChange={(event) => setChosen(event.target.value)}>
          {eventId ? null : <option value="">{t("checkin.chooseEvent")}</option>}
          {events.data?.map((event) => (
            <option key={event.id} value={event.id}>
              {event.eventName} — {formatDateFor(language, event.eventDate)}
            </option>
          ))}
        </NativeSelect>
        {events.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t("checkin.noEvents")}</p> : null}
      </div>
      {eventId ? <Door key={eventId} eventId={eventId} /> : null}
    </div>
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
