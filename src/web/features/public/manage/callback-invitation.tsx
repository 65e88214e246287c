import { formatDateTimeFor, formatTimeRangeFor } from "@common/dates-language";
import type { CallbackView } from "@common/schemas/callbacks";
import { CalendarClock, Loader2, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { ApiError } from "@web/lib/api";
import { useLanguage, useT } from "@web/lib/language";
import { answerCallbackInvitation, getCallbackInvitation } from "../api/self-service";
import { useLoad } from "../api/use-load";
import { ConfirmOnceMore } from "../components/confirm-once-more";
import { EventDetails } from "../components/event-details";
import { buttonClass, Card, Notice, PublicButton } from "../components/public-ui";

/**
 * /manage?c=… (issue 36): a callback invitation, from its e-mail's link. The person chooses one of
 * the callback's slots with room ("Elegir este horario") or declines ("No puedo ir"), once, before
 * the deadline; once a slot is chosen, their place has its own manage page (the QR code, moving it).
 */
export function CallbackInvitation({ token }: { token: string }) {
  const { t, language } = useLanguage();
  const { state, setState } = useLoad((signal) => getCallbackInvitation(token, signal), token);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (state.status === "loading") {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        {t("public.callback.loading")}
      </p>
    );
  }
  if (state.status === "error") {
    const invalid = state.error instanceof ApiError && [400, 404].includes(state.error.status);
    return (
      <Card className="mx-auto grid max-w-xl gap-3 p-6 text-center sm:p-8">
        <XCircle className="mx-auto size-12 text-destructive" aria-hidden="true" />
        <h1 className="text-xl font-bold">{invalid ? t("public.callback.invalid") : t("public.errors.submitFailed")}</h1>
      </Card>
    );
  }
  const view = state.data;
  const deadline = formatDateTimeFor(language, view.deadline);
  const send = async (answer: { timeslotId: string } | { decline: true }, key: string) => {
    setBusy(key);
    setFailure(null);
    try {
      setState({ status: "success", data: await answerCallbackInvitation({ t: token, ...answer }) });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t("public.errors.submitFailed"));
      // A slot taken meanwhile, or the deadline passed: show the invitation as it is now.
      setState({ status: "success", data: await getCallbackInvitation(token).catch(() => view) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto grid max-w-xl gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("public.callback.heading")}</h1>
      {failure ? <Notice tone="destructive">{failure}</Notice> : null}
      <Card className="grid gap-4 p-5 sm:p-6">
        <p>{t("public.callback.intro", { name: view.fullName, openCall: view.openCall.eventName })}</p>
        <EventDetails event={view.event} timeslot={view.chosen} />
        {view.event.description ? (
          <p className="text-sm whitespace-pre-line text-muted-foreground">{view.event.description}</p>
        ) : null}
      </Card>
      <Outcome view={view} deadline={deadline} />
      {view.state === "open" ? (
        <>
          <p className="font-medium">{t("public.callback.deadline", { deadline })}</p>
          <Slots view={view} busy={busy} onChoose={(timeslotId) => void send({ timeslotId }, timeslotId)} />
          <Decline busy={busy !== null} onDecline={() => void send({ decline: true }, "decline")} />
        </>
      ) : null}
    </div>
  );
}

/** What became of the invitation, once it is no longer open. */
function Outcome({ view, deadline }: { view: CallbackView; deadline: string }) {
  const t = useT();
  if (view.state === "accepted")
    return (
      <Notice tone="success">
        <p>{t("public.callback.accepted")}</p>
        {view.manageToken ? (
          <a
            className={`${buttonClass.outline} mt-3 w-full sm:w-auto`}
            href={`/manage?t=${encodeURIComponent(view.manageToken)}`}
          >
            {t("public.callback.seeRegistration")}
          </a>
        ) : null}
      </Notice>
    );
  if (view.state === "declined") return <Notice tone="success">{t("public.callback.declined")}</Notice>;
  if (view.state === "expired") return <Notice tone="warning">{t("public.callback.expired", { deadline })}</Notice>;
  if (view.state === "cancelled") return <Notice>{t("public.callback.cancelled")}</Notice>;
  return null;
}

function Slots({ view, busy, onChoose }: { view: CallbackView; busy: string | null; onChoose: (timeslotId: string) => void }) {
  const { t, language } = useLanguage();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <CalendarClock className="size-5 text-primary" aria-hidden="true" />
        {t("public.callback.slotsTitle")}
      </h2>
      {view.timeslots.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("public.callback.noSlots")}</p>
      ) : (
        <ul className="grid gap-3">
          {view.timeslots.map((slot) => {
            const time = formatTimeRangeFor(language, slot.startTime, slot.endTime);
            return (
              <li key={slot.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="callback-slot">
                  <div>
                    <p className="text-lg font-semibold">{time}</p>
                    <p className="text-sm text-muted-foreground">{t("public.callback.spots", { count: slot.availableSpots })}</p>
                  </div>
                  <PublicButton
                    className="w-full sm:w-auto"
                    aria-label={t("public.callback.chooseAt", { time })}
                    disabled={busy !== null}
                    onClick={() => onChoose(slot.id)}
                  >
                    {busy === slot.id ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                    {t("public.callback.choose")}
                  </PublicButton>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** "No puedo ir", asked once more: the answer is final. */
function Decline({ busy, onDecline }: { busy: boolean; onDecline: () => void }) {
  const t = useT();
  return (
    <ConfirmOnceMore
      label={t("public.callback.decline")}
      title={t("public.callback.declineTitle")}
      body={t("public.callback.declineBody")}
      confirmLabel={t("public.callback.declineConfirm")}
      keepLabel={t("public.callback.declineKeep")}
      busy={busy}
      onConfirm={onDecline}
    />
  );
}
