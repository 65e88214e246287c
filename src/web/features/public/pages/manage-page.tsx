import { CallbackInvitation } from "../manage/callback-invitation";
import { ClientSharingSection } from "../manage/client-sharing-section";
import { MyDataActions } from "../manage/my-data-actions";
import { todayIso } from "@common/dates";
import { formatTimeRangeFor } from "@common/dates-language";
import { awaitsGuardian, PERSON_STATE_LABELS } from "@common/registration-state";
import type { ManageView } from "@common/schemas/self-service";
import { clsx } from "clsx";
import { CalendarClock, Loader2, Ticket, XCircle } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { ApiError } from "@web/lib/api";
import { useLanguage, useT } from "@web/lib/language";
import { cancelManagedRegistration, getManagedRegistration, moveManagedRegistration } from "../api/self-service";
import { useLoad } from "../api/use-load";
import { CheckInQr } from "../components/check-in-qr";
import { ConfirmOnceMore } from "../components/confirm-once-more";
import { EventDetails } from "../components/event-details";
import { Card, controlClass, Notice, PublicButton } from "../components/public-ui";
import { usePageState } from "../page-state";
import { PlaceView } from "../queue/place-view";

/**
 * /manage?t=… (issue 19): the registration a person's manage link names, which they may cancel or
 * move to another slot with room. The page is a stack of sections under the registration's card, so
 * more of the person's own tools can be added below it. /manage?c=… (issue 36): a callback
 * invitation, answered here.
 */
export function ManagePage({ token, callbackToken = "" }: { token: string; callbackToken?: string }) {
  if (callbackToken && !token) return <CallbackInvitation token={callbackToken} />;
  return <RegistrationPage token={token} />;
}

function RegistrationPage({ token }: { token: string }) {
  const t = useT();
  const { state, setState } = useLoad((signal) => getManagedRegistration(token, signal), token);
  const [notice, setNotice] = useState<{ tone: "success" | "destructive"; text: string } | null>(null);
  const [erased, setErased] = useState(false);
  const today = usePageState()?.today ?? todayIso();

  if (erased) {
    return (
      <div className="mx-auto grid max-w-xl gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{t("public.manage.title")}</h1>
        <Notice tone="success">{t("privacy.myData.erased")}</Notice>
      </div>
    );
  }

  if (state.status === "loading") {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        {t("public.manage.loading")}
      </p>
    );
  }
  if (state.status === "error") {
    const invalid = state.error instanceof ApiError && [400, 404].includes(state.error.status);
    return (
      <Card className="mx-auto grid max-w-xl gap-3 p-6 text-center sm:p-8">
        <XCircle className="mx-auto size-12 text-destructive" aria-hidden="true" />
        <h1 className="text-xl font-bold">{invalid ? t("public.manage.invalid") : t("public.errors.submitFailed")}</h1>
      </Card>
    );
  }
  const view = state.data;
  const changed = (next: ManageView, text: string) => {
    setState({ status: "success", data: next });
    setNotice({ tone: "success", text });
  };
  const failed = (error: unknown) =>
    setNotice({ tone: "destructive", text: error instanceof ApiError ? error.message : t("public.errors.submitFailed") });

  return (
    <div className="mx-auto grid max-w-xl gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("public.manage.title")}</h1>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {/* On the casting day, the person's place in the line comes first (issue 35). */}
      {view.registration.status !== "cancelled" && view.event.eventDate === today ? <PlaceSection token={token} /> : null}
      <RegistrationCard view={view} />
      {view.registration.status !== "cancelled" ? (
        <>
          <MoveSection
            view={view}
            token={token}
            onMoved={(next) => changed(next, t("public.manage.move.done"))}
            onFailed={failed}
          />
          <CancelSection token={token} onCancelled={(next) => changed(next, t("public.manage.cancel.done"))} onFailed={failed} />
        </>
      ) : null}
      <ClientSharingSection view={view} token={token} onChanged={changed} onFailed={failed} />
      {/* The person's data (issue 18): a copy to download, or everything erased. */}
      <MyDataActions token={token} onErased={() => setErased(true)} />
    </div>
  );
}

function PlaceSection({ token }: { token: string }) {
  const t = useT();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Ticket className="size-5 text-primary" aria-hidden="true" />
        {t("public.place.manageTitle")}
      </h2>
      <PlaceView token={token} />
    </section>
  );
}

function RegistrationCard({ view }: { view: ManageView }) {
  const t = useT();
  const { registration, event, timeslot } = view;
  const stopped = registration.state === "cancelled" || registration.state === "guardian_refused";
  const state: [string, ReactNode] = [
    t("public.manage.status.label"),
    // One state with the verify page and the e-mails (issue 32): a minor waiting for the guardian is not "Confirmada".
    <span
      className={clsx(
        "inline-block rounded-md px-2 py-0.5 text-xs font-semibold",
        stopped ? "bg-destructive/10 text-destructive" : "bg-accent text-accent-foreground",
      )}
      data-testid="registration-status"
    >
      {t(PERSON_STATE_LABELS[registration.state])}
    </span>,
  ];
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <div className="rounded-lg border border-dashed border-primary/50 bg-accent/40 p-4 text-center">
        <p className="text-sm text-muted-foreground">{t("public.verify.code")}</p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-widest" data-testid="registration-code">
          {registration.registrationCode}
        </p>
      </div>
      {awaitsGuardian(registration.state) ? <Notice tone="warning">{t("public.manage.awaitingGuardian")}</Notice> : null}
      {/* The code for the door (issue 20), here for as long as the registration is live. */}
      {registration.checkInUrl ? <CheckInQr url={registration.checkInUrl} code={registration.registrationCode} /> : null}
      <EventDetails event={event} timeslot={timeslot} more={[state]} />
    </Card>
  );
}

interface ActionProps {
  token: string;
  onFailed: (error: unknown) => void;
}

function MoveSection({
  view,
  token,
  onMoved,
  onFailed,
}: ActionProps & { view: ManageView; onMoved: (next: ManageView) => void }) {
  const { t, language } = useLanguage();
  const id = useId();
  const [choice, setChoice] = useState("");
  const [busy, setBusy] = useState(false);
  const options = view.otherTimeslots;
  async function move() {
    if (!choice || busy) return;
    setBusy(true);
    try {
      onMoved(await moveManagedRegistration(token, choice));
      setChoice("");
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <CalendarClock className="size-5 text-primary" aria-hidden="true" />
        {t("public.manage.move.title")}
      </h2>
      {options.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("public.manage.move.none")}</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <div className="grid gap-2">
            <label htmlFor={`${id}-slot`} className="text-sm font-medium">
              {t("public.manage.move.label")}
            </label>
            <select
              id={`${id}-slot`}
              className={clsx(controlClass, "min-h-12")}
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
            >
              <option value="" />
              {options.map((slot) => (
                <option key={slot.id} value={slot.id}>
                  {t("public.manage.move.option", {
                    time: formatTimeRangeFor(language, slot.startTime, slot.endTime),
                    count: slot.availableSpots,
                  })}
                </option>
              ))}
            </select>
          </div>
          <PublicButton variant="outline" onClick={move} disabled={!choice || busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t("public.manage.move.button")}
          </PublicButton>
        </div>
      )}
    </section>
  );
}

function CancelSection({ token, onCancelled, onFailed }: ActionProps & { onCancelled: (next: ManageView) => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      onCancelled(await cancelManagedRegistration(token));
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <ConfirmOnceMore
      label={t("public.manage.cancel.button")}
      title={t("public.manage.cancel.confirmTitle")}
      body={t("public.manage.cancel.confirmBody")}
      confirmLabel={t("public.manage.cancel.confirm")}
      keepLabel={t("public.manage.cancel.keep")}
      busy={busy}
      onConfirm={cancel}
    />
  );
}
