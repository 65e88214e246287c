import type { CalledNumber, QueuePlace } from "@common/schemas/queue";
import { useT } from "@web/lib/language";
import { clsx } from "clsx";
import { Loader2 } from "lucide-react";
import { Card, Notice } from "../components/public-ui";
import { PlaceAlerts } from "./place-alerts";
import type { StreamStatus } from "./live-stream";
import { usePlace } from "./use-place";

/**
 * A person's place in the casting day's line (issue 35), live: their number, where it stands (how
 * many wait ahead and for about how long, or the room to go to), and the numbers being called. On
 * the manage page and on the page the check-in link opens on the person's own phone.
 */
export function PlaceView({ token }: { token: string }) {
  const t = useT();
  const { place, status, alerts, soundOn, toggleSound } = usePlace(token);
  if (status === "invalid") return <Notice tone="destructive">{t("public.place.invalid")}</Notice>;
  const active = place?.number !== null && (place?.state === "waiting" || place?.state === "called");
  return (
    <div className="grid gap-5">
      <StreamNote status={status} />
      {place ? (
        <>
          <PlaceCard place={place} alerts={alerts} />
          {active ? <PlaceAlerts soundOn={soundOn} onToggleSound={toggleSound} /> : null}
          <CalledNumbers called={place.called} mine={place.number} />
        </>
      ) : null}
    </div>
  );
}

/** The connection, said quietly: only while it is being made or made again. */
function StreamNote({ status }: { status: StreamStatus }) {
  const t = useT();
  const text =
    status === "connecting" ? t("public.live.connecting") : status === "reconnecting" ? t("public.live.reconnecting") : "";
  return (
    <p role="status" className={clsx("flex items-center gap-2 text-sm text-muted-foreground", !text && "sr-only")}>
      {text ? <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
      {text}
    </p>
  );
}

function PlaceCard({ place, alerts }: { place: QueuePlace; alerts: number }) {
  const t = useT();
  const called = place.state === "called";
  return (
    <Card
      // A new key for each alert: the flash plays again.
      key={alerts}
      data-testid="place-card"
      data-state={place.state ?? "not_checked_in"}
      className={clsx(
        "grid gap-3 p-5 text-center sm:p-6",
        called && "border-2 border-warning bg-warning/15",
        // The flash, or where motion is unwelcome, a thick still frame.
        called &&
          alerts > 0 &&
          "motion-safe:animate-call-flash motion-reduce:outline-8 motion-reduce:outline-warning motion-reduce:outline-solid",
      )}
    >
      {place.number === null ? (
        <p aria-live="polite">{t("public.place.notCheckedIn")}</p>
      ) : (
        <>
          <p className="text-sm font-medium text-muted-foreground">{t("public.place.number")}</p>
          <p className="text-7xl leading-none font-black tabular-nums" data-testid="place-number">
            {place.number}
          </p>
          <PlaceState place={place} />
        </>
      )}
    </Card>
  );
}

function PlaceState({ place }: { place: QueuePlace }) {
  const t = useT();
  if (place.state === "called")
    return (
      <p role="alert" className="text-2xl font-bold text-balance">
        {t("public.place.called", { room: place.room ?? "" })}
      </p>
    );
  if (place.state === "waiting")
    return (
      <div aria-live="polite" className="grid gap-1">
        <p className="text-xl font-semibold">{t("public.place.waiting")}</p>
        {place.ahead !== null ? <p>{t("public.place.ahead", { count: place.ahead })}</p> : null}
        {place.estimatedWaitMinutes !== null ? (
          <p className="text-muted-foreground">{t("public.place.estimate", { minutes: place.estimatedWaitMinutes })}</p>
        ) : null}
      </div>
    );
  return (
    <p aria-live="polite" className="text-lg font-semibold text-balance">
      {place.state === "seen" ? t("public.place.seen") : t("public.place.gone")}
    </p>
  );
}

/** The numbers being called and where, the latest first; the person's own stands out. */
function CalledNumbers({ called, mine }: { called: CalledNumber[]; mine: number | null }) {
  const t = useT();
  if (called.length === 0) return <p className="text-sm text-muted-foreground">{t("public.place.noneCalled")}</p>;
  return (
    <table className="w-full border-collapse text-left">
      <caption className="mb-2 text-left text-lg font-semibold">{t("public.place.calledTitle")}</caption>
      <thead>
        <tr className="border-b text-sm text-muted-foreground">
          <th scope="col" className="py-2 pr-4 font-medium">
            {t("public.place.calledNumber")}
          </th>
          <th scope="col" className="py-2 font-medium">
            {t("public.place.calledRoom")}
          </th>
        </tr>
      </thead>
      <tbody>
        {called.map((entry) => (
          <tr
            key={`${entry.number}:${entry.calledAt}`}
            className={clsx("border-b last:border-0", entry.number === mine && "bg-warning/15 font-bold")}
          >
            <td className="py-2 pr-4 text-2xl font-bold tabular-nums">{entry.number}</td>
            <td className="py-2 text-lg">{entry.room}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
