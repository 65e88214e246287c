import { formatDateTimeFor, formatTimeRangeFor } from "@common/dates-language";
import { OVERRIDE_REASON_MAX, type CheckInResponse } from "@common/schemas/check-ins";
import { AlertTriangle, Ban, CheckCircle2, CloudOff, Loader2, ShieldAlert, UserRound } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Textarea } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { useLanguage } from "@web/lib/language";

interface CheckInCardProps {
  result: CheckInResponse;
  busy: boolean;
  /** The card comes from what this phone already knew: the network is gone. */
  offline?: boolean;
  onCheckIn: () => void;
  /** An admin lets in a minor whose guardian has not approved, with a reason (issue 32). */
  onOverride: (reason: string) => void;
  onNext: () => void;
}

type Registration = CheckInResponse["registration"];

/** The person scanned or chosen: who, which slot, what staff should know, and one big action (or why none). */
export function CheckInCard({ result, busy, offline = false, onCheckIn, onOverride, onNext }: CheckInCardProps) {
  const { t } = useLanguage();
  const r = result.registration;
  // The warning that the person already arrived says it again: the card's own line is enough.
  const warnings = result.warnings.filter((w) => !(result.checkedIn && w.code === "already_checked_in"));
  return (
    <Card className="grid gap-4 p-4" aria-labelledby="check-in-name" data-testid="check-in-card">
      <Person registration={r} />
      {result.queue ? (
        <p
          className="rounded-lg border-2 border-primary px-4 py-3 text-center text-4xl font-bold tabular-nums"
          data-testid="queue-number"
        >
          {t("checkin.card.number", { number: result.queue.number })}
        </p>
      ) : null}
      {offline ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CloudOff className="size-4 shrink-0" aria-hidden="true" />
          {t("checkin.card.offline")}
        </p>
      ) : null}
      {result.stop ? (
        <Alert variant="destructive" data-testid="check-in-stop">
          <Ban aria-hidden="true" />
          <AlertTitle>{t("checkin.card.stopTitle")}</AlertTitle>
          <AlertDescription>{result.stop.message}</AlertDescription>
        </Alert>
      ) : null}
      <Details registration={r} />
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
      {r.attended ? <Arrival registration={r} /> : null}
      {!r.attended && !result.stop ? (
        <Button size="lg" className="h-14 w-full text-lg" onClick={onCheckIn} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
          {warnings.length > 0 ? t("checkin.card.letIn") : t("checkin.card.checkIn")}
        </Button>
      ) : null}
      {result.stop?.overridable && !offline ? <Override busy={busy} onOverride={onOverride} /> : null}
      {result.stop?.code === "guardian_pending" && !result.stop.overridable ? (
        <p className="text-sm text-muted-foreground">{t("checkin.card.overrideAdminsOnly")}</p>
      ) : null}
      <Button variant="outline" onClick={onNext}>
        {t("checkin.card.close")}
      </Button>
    </Card>
  );
}

function Person({ registration: r }: { registration: Registration }) {
  const { t } = useLanguage();
  return (
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
  );
}

/** The slot, the code, the event, and a minor's guardian: whom staff call (issue 32). */
function Details({ registration: r }: { registration: Registration }) {
  const { language, t } = useLanguage();
  return (
    <dl className="grid grid-cols-[6rem_1fr] gap-x-2 gap-y-1 text-sm">
      <dt className="text-muted-foreground">{t("checkin.card.slot")}</dt>
      <dd className="font-semibold">{formatTimeRangeFor(language, r.timeslot.startTime, r.timeslot.endTime)}</dd>
      <dt className="text-muted-foreground">{t("checkin.card.code")}</dt>
      <dd className="font-mono">{r.registrationCode}</dd>
      <dt className="text-muted-foreground">{t("checkin.card.event")}</dt>
      <dd className="wrap-anywhere">{r.event.eventName}</dd>
      {r.guardian ? (
        <>
          <dt className="text-muted-foreground">{t("checkin.card.guardian")}</dt>
          <dd className="grid min-w-0" data-testid="check-in-guardian">
            <span className="font-semibold wrap-anywhere">{r.guardian.name}</span>
            <a
              href={`mailto:${r.guardian.email}`}
              className="text-primary underline underline-offset-2 wrap-anywhere"
              aria-label={t("checkin.card.guardianEmail", { email: r.guardian.email })}
            >
              {r.guardian.email}
            </a>
            <span className="text-muted-foreground">{t(`privacy.guardian.statuses.${r.guardianStatus}`)}</span>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** When and by whom the person arrived; a minor let in over a missing approval says so. */
function Arrival({ registration: r }: { registration: Registration }) {
  const { language, t } = useLanguage();
  const arrival = r.attendedAt ? formatDateTimeFor(language, r.attendedAt) : null;
  return (
    <>
      <p role="status" className="flex items-center gap-2 font-semibold text-success">
        <CheckCircle2 className="size-5" aria-hidden="true" />
        {arrival
          ? r.checkedInBy
            ? t("checkin.card.checkedInBy", { time: arrival, name: r.checkedInBy.fullName })
            : t("checkin.card.checkedIn", { time: arrival })
          : t("checkin.warnings.already_checked_in_list")}
      </p>
      {r.guardianStatus === "pending" ? (
        <p className="flex items-start gap-2 text-sm">
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          {t("checkin.card.overridden")}
        </p>
      ) : null}
    </>
  );
}

/** An admin's way past a guardian's missing approval: a reason first, kept in the audit trail. */
function Override({ busy, onOverride }: { busy: boolean; onOverride: (reason: string) => void }) {
  const { t } = useLanguage();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  if (!open) {
    return (
      <Button variant="outline" className="w-full whitespace-normal" onClick={() => setOpen(true)}>
        <ShieldAlert aria-hidden="true" />
        {t("checkin.card.override")}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    onOverride(reason.trim());
  };
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-lg border border-warning/60 p-3" noValidate>
      <Label htmlFor={`${id}-reason`}>{t("checkin.card.overrideReason")}</Label>
      <Textarea
        id={`${id}-reason`}
        rows={3}
        value={reason}
        maxLength={OVERRIDE_REASON_MAX}
        required
        autoFocus
        aria-invalid={missing ? true : undefined}
        aria-describedby={`${id}-hint${missing ? ` ${id}-error` : ""}`}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("checkin.card.overrideHint")}
      </p>
      {missing ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {t("checkin.card.overrideRequired")}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="whitespace-normal" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ShieldAlert aria-hidden="true" />}
          {t("checkin.card.overrideConfirm")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
          {t("checkin.card.overrideCancel")}
        </Button>
      </div>
    </form>
  );
}
