import { formatDateTimeFor } from "@common/dates-language";
import { Ban, CheckCircle2, CloudOff, LogIn, RefreshCw, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { useLanguage } from "@web/lib/language";
import type { FailedCheckIn, NumberedArrival, QueuedCheckIn } from "../hooks/use-check-in-queue";

interface PendingCheckInsProps {
  online: boolean;
  pending: QueuedCheckIn[];
  failed: FailedCheckIn[];
  /** Arrivals sent late and the numbers in the line they were given (issue 35). */
  numbered: NumberedArrival[];
  onClearNumbered: () => void;
  needsSignIn: boolean;
  onDismiss: (key: string) => void;
  /** Opens a stopped person's card again (by their registration), where an admin may let them in. */
  onOpen: (registrationId: string) => void;
  /** Leads to the sign-in page (and back here), or sends the queue when the session is fine after all. */
  onSignIn: () => void;
  onSendNow: () => void;
}

/** Who an arrival kept on the phone is: the name or typed code when the phone knew, else 'a scanned QR'. */
function useLabel() {
  const { language, t } = useLanguage();
  return {
    who: (item: QueuedCheckIn) => item.label ?? item.body.code ?? t("checkin.queue.scanned"),
    when: (item: QueuedCheckIn) => {
      const at = item.queuedAt ?? item.body.scannedAt;
      return at ? formatDateTimeFor(language, at) : "";
    },
  };
}

/**
 * What this phone still has to send (each arrival, by name or code and time), what the server
 * refused, and whom it stopped (issue 32: queued while offline, then stopped when sent).
 */
export function PendingCheckIns({ failed, numbered, onClearNumbered, onDismiss, onOpen, ...waiting }: PendingCheckInsProps) {
  const stopped = failed.filter((item) => item.stop);
  const refused = failed.filter((item) => !item.stop);
  return (
    <>
      <Waiting {...waiting} />
      {numbered.length > 0 ? <Numbered items={numbered} onClear={onClearNumbered} /> : null}
      {stopped.length > 0 ? <Stopped items={stopped} onDismiss={onDismiss} onOpen={onOpen} /> : null}
      {refused.length > 0 ? <Refused items={refused} onDismiss={onDismiss} /> : null}
    </>
  );
}

/** Arrivals kept while offline and recorded since: each person's number, to tell them. */
function Numbered({ items, onClear }: { items: NumberedArrival[]; onClear: () => void }) {
  const { t } = useLanguage();
  return (
    <Alert data-testid="numbered-check-ins">
      <CheckCircle2 aria-hidden="true" />
      <AlertTitle>{t("checkin.queue.numberedTitle")}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap justify-between gap-x-3 text-foreground">
              <span className="font-medium wrap-anywhere">{item.name}</span>
              <span className="font-semibold tabular-nums">{t("checkin.card.number", { number: item.number })}</span>
            </li>
          ))}
        </ul>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onClear}>
          {t("checkin.queue.numberedDone")}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function Waiting({
  online,
  pending,
  needsSignIn,
  onSignIn,
  onSendNow,
}: Omit<PendingCheckInsProps, "failed" | "numbered" | "onClearNumbered" | "onDismiss" | "onOpen">) {
  const { t } = useLanguage();
  const { who, when } = useLabel();
  if (online && pending.length === 0) return null;
  return (
    <Alert variant="warning">
      <CloudOff aria-hidden="true" />
      <AlertDescription className="grid gap-2">
        {online ? null : <span>{t("checkin.queue.offline")}</span>}
        <strong role="status" data-testid="pending-check-ins">
          {t("checkin.queue.pending", { count: pending.length })}
        </strong>
        {pending.length > 0 ? (
          <ul aria-label={t("checkin.queue.waiting")} className="grid gap-1" data-testid="pending-list">
            {pending.map((item) => (
              <li key={item.key} className="flex flex-wrap justify-between gap-x-2">
                <span className="font-medium wrap-anywhere">{who(item)}</span>
                <span className="text-muted-foreground tabular-nums">{when(item)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {online && pending.length > 0 && !needsSignIn ? (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onSendNow}>
            <RefreshCw aria-hidden="true" />
            {t("checkin.queue.sendNow")}
          </Button>
        ) : null}
        {needsSignIn ? (
          <p className="grid gap-2">
            <span>{t("checkin.queue.signIn")}</span>
            <Button size="sm" className="justify-self-start" onClick={onSignIn}>
              <LogIn aria-hidden="true" />
              {t("checkin.queue.signInLink")}
            </Button>
          </p>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

interface ListProps {
  items: FailedCheckIn[];
  onDismiss: (key: string) => void;
}

function DismissButton({ item, onDismiss }: { item: FailedCheckIn; onDismiss: (key: string) => void }) {
  const { t } = useLanguage();
  const { who } = useLabel();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onDismiss(item.key)}
      aria-label={t("checkin.queue.dismissLabel", { label: who(item) })}
    >
      {t("checkin.queue.dismiss")}
    </Button>
  );
}

/** A list of arrivals that will not be recorded: each by name or code and time, with the server's message. */
function NotRecorded({
  testId,
  icon,
  title,
  items,
  details,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  items: FailedCheckIn[];
  /** What follows the message: the actions, and for a stopped one the guardian. */
  details: (item: FailedCheckIn) => ReactNode;
}) {
  const { who, when } = useLabel();
  return (
    <Alert variant="destructive" data-testid={testId}>
      {icon}
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <ul className="grid gap-3">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-center justify-between gap-2 text-foreground">
              <span className="min-w-0">
                <span className="block font-medium wrap-anywhere">
                  {who(item)} · <span className="tabular-nums">{when(item)}</span>
                </span>
                <span className="block">{item.message}</span>
              </span>
              {details(item)}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

/** Arrivals the server stopped when they were sent: the reason, the guardian to call, and the card again. */
function Stopped({ items, onDismiss, onOpen }: ListProps & { onOpen: (registrationId: string) => void }) {
  const { t } = useLanguage();
  const { who } = useLabel();
  return (
    <NotRecorded
      testId="stopped-check-ins"
      icon={<Ban aria-hidden="true" />}
      title={t("checkin.queue.stoppedTitle")}
      items={items}
      details={(item) => (
        <span className="grid basis-full gap-2">
          {item.stop?.guardian ? (
            <span className="text-muted-foreground wrap-anywhere">
              {t("checkin.card.guardian")}: {item.stop.guardian.name} ·{" "}
              <a href={`mailto:${item.stop.guardian.email}`} className="underline underline-offset-2">
                {item.stop.guardian.email}
              </a>
            </span>
          ) : null}
          <span className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => onOpen(item.stop!.registrationId)}
              aria-label={t("checkin.queue.openLabel", { label: who(item) })}
            >
              {t("checkin.queue.open")}
            </Button>
            <DismissButton item={item} onDismiss={onDismiss} />
          </span>
        </span>
      )}
    />
  );
}

/** Arrivals the server refused for good (an unknown code, an invalid body), with its message. */
function Refused({ items, onDismiss }: ListProps) {
  const { t } = useLanguage();
  return (
    <NotRecorded
      testId="failed-check-ins"
      icon={<XCircle aria-hidden="true" />}
      title={t("checkin.queue.failedTitle")}
      items={items}
      details={(item) => <DismissButton item={item} onDismiss={onDismiss} />}
    />
  );
}
