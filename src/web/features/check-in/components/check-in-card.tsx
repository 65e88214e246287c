import { formatDateTimeFor, formatTimeRangeFor } from "@common/dates-language";
import type { CheckInResponse } from "@common/schemas/check-ins";
import { AlertTriangle, CheckCircle2, Loader2, UserRound } from "lucide-react";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { useLanguage } from "@web/lib/language";

interface CheckInCardProps {
  result: CheckInResponse;
  busy: boolean;
  onCheckIn: () => void;
  onNext: () => void;
}

/** The person scanned or chosen: who, which slot, what staff should know, and one big action. */
export function CheckInCard({ result, busy, onCheckIn, onNext }: CheckInCardProps) {
  const { language, t } = useLanguage();
  const r = result.registration;
  const arrived = r.attended;
  const refused = r.status === "cancelled";
  const arrival = r.attendedAt ? formatDateTimeFor(language, r.attendedAt) : null;
  // The warning that the person already arrived says it again: the card's own line is enough.
  const warnings = result.warnings.filter((w) => !(result.checkedIn && w.code === "already_checked_in"));
  return (
    <Card className="grid gap-4 p-4" aria-labelledby="check-in-name" data-testid="check-in-card">
      <div className="flex items-center gap-4">
        {r.photoUrl ? (
          <img
            src={r.photoUrl}
            alt={t("checkin.card.photo", { name: r.fullName })}
            className="size-20 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <div className="grid size-20 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground">
            <UserRound className="size-8" aria-hidden="true" />
          </div>
        )}
        <div className="min-w-0">
          <h2 id="check-in-name" className="text-xl font-bold wrap-anywhere">
            {r.fullName}
          </h2>
          <p className="text-muted-foreground">{t("checkin.card.age", { age: r.age })}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[6rem_1fr] gap-x-2 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("checkin.card.slot")}</dt>
        <dd className="font-semibold">{formatTimeRangeFor(language, r.timeslot.startTime, r.timeslot.endTime)}</dd>
        <dt className="text-muted-foreground">{t("checkin.card.code")}</dt>
        <dd className="font-mono">{r.registrationCode}</dd>
        <dt className="text-muted-foreground">{t("checkin.card.event")}</dt>
        <dd className="wrap-anywhere">{r.event.eventName}</dd>
      </dl>
      {warnings.length > 0 ? (
        <Alert variant="warning" role="alert">
          <AlertTriangle aria-hidden="true" />
          <AlertDescription>
            <ul className="grid gap-1">
              {warnings.map((warning) => (
                <li key={warning.code}>{warning.message}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      {arrived ? (
        <p role="status" className="flex items-center gap-2 font-semibold text-success">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {arrival
            ? r.checkedInBy
              ? t("checkin.card.checkedInBy", { time: arrival, name: r.checkedInBy.fullName })
              : t("checkin.card.checkedIn", { time: arrival })
            : t("checkin.warnings.already_checked_in_list")}
        </p>
      ) : null}
      {!arrived && !refused ? (
        <Button size="lg" className="h-14 w-full text-lg" onClick={onCheckIn} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
          {warnings.length > 0 ? t("checkin.card.letIn") : t("checkin.card.checkIn")}
        </Button>
      ) : null}
      <Button variant="outline" onClick={onNext}>
        {t("checkin.card.close")}
      </Button>
    </Card>
  );
}
