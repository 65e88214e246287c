import { formatDateTimeFor } from "@common/dates-language";
import { CloudOff, LogIn, RefreshCw, XCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { useLanguage } from "@web/lib/language";
import type { FailedCheckIn, QueuedCheckIn } from "../hooks/use-check-in-queue";

interface PendingCheckInsProps {
  online: boolean;
  pending: QueuedCheckIn[];
  failed: FailedCheckIn[];
  needsSignIn: boolean;
  onDismiss: (key: string) => void;
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

/** What this phone still has to send (each arrival, by name or code and time), and what the server refused. */
export function PendingCheckIns({ online, pending, failed, needsSignIn, onDismiss, onSignIn, onSendNow }: PendingCheckInsProps) {
  const { t } = useLanguage();
  const { who, when } = useLabel();
  return (
    <>
      {!online || pending.length > 0 ? (
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
      ) : null}
      {failed.length > 0 ? (
        <Alert variant="destructive" data-testid="failed-check-ins">
          <XCircle aria-hidden="true" />
          <AlertTitle>{t("checkin.queue.failedTitle")}</AlertTitle>
          <AlertDescription>
            <ul className="grid gap-2">
              {failed.map((item) => (
                <li key={item.key} className="flex flex-wrap items-center justify-between gap-2 text-foreground">
                  <span className="min-w-0">
                    <span className="block font-medium wrap-anywhere">
                      {who(item)} · <span className="tabular-nums">{when(item)}</span>
                    </span>
                    <span className="block text-muted-foreground">{item.message}</span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onDismiss(item.key)}
                    aria-label={t("checkin.queue.dismissLabel", { label: who(item) })}
                  >
                    {t("checkin.queue.dismiss")}
                  </Button>
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}
