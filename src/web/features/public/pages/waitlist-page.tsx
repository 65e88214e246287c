import { formatDateTimeFor } from "@common/dates-language";
import { awaitsGuardian } from "@common/registration-state";
import type { WaitlistView } from "@common/schemas/self-service";
import { CheckCircle2, ListOrdered, Loader2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "@web/lib/api";
import { useLanguage, useT } from "@web/lib/language";
import { waitlistAction } from "../api/self-service";
import { EventDetails } from "../components/event-details";
import { Card, Notice, PublicButton } from "../components/public-ui";

type State = { status: "loading" } | { status: "done"; view: WaitlistView } | { status: "invalid" } | { status: "error" };

/**
 * /waitlist?t=… (issue 19): a waiting-list entry's page, opened from its e-mails. It POSTs the token
 * once (opening the link proves the address; a GET never changes anything), then shows the place in
 * line, or the offer to accept or decline.
 */
export function WaitlistPage({ token, navigate }: { token: string; navigate: (path: string) => void }) {
  const t = useT();
  const [state, setState] = useState<State>({ status: "loading" });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    waitlistAction("confirm", token).then(
      (view) => setState({ status: "done", view }),
      (error: unknown) =>
        setState({ status: error instanceof ApiError && [400, 404].includes(error.status) ? "invalid" : "error" }),
    );
  }, [token]);

  async function act(action: "accept" | "decline") {
    setBusy(true);
    setFailure(null);
    try {
      setState({ status: "done", view: await waitlistAction(action, token) });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t("public.errors.submitFailed"));
      // The offer may have expired meanwhile: show the entry as it is now.
      waitlistAction("confirm", token).then(
        (view) => setState({ status: "done", view }),
        () => {},
      );
    } finally {
      setBusy(false);
    }
  }

  if (state.status === "loading") {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        {t("public.waitlist.loading")}
      </p>
    );
  }
  if (state.status !== "done") {
    return (
      <Card className="mx-auto grid max-w-xl gap-3 p-6 text-center sm:p-8">
        <XCircle className="mx-auto size-12 text-destructive" aria-hidden="true" />
        <h1 className="text-xl font-bold">
          {state.status === "invalid" ? t("public.waitlist.invalid") : t("public.errors.submitFailed")}
        </h1>
      </Card>
    );
  }
  return (
    <Card className="mx-auto grid max-w-xl gap-5 p-5 sm:p-8">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <ListOrdered className="size-6 text-primary" aria-hidden="true" />
        {t("public.waitlist.title")}
      </h1>
      <EventDetails event={state.view.event} timeslot={state.view.timeslot} />
      {failure ? <Notice tone="destructive">{failure}</Notice> : null}
      <EntryStatus view={state.view} busy={busy} act={act} navigate={navigate} />
    </Card>
  );
}

interface StatusProps {
  view: WaitlistView;
  busy: boolean;
  act: (action: "accept" | "decline") => void;
  navigate: (path: string) => void;
}

function EntryStatus({ view, busy, act, navigate }: StatusProps) {
  const { t, language } = useLanguage();
  const spinner = busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null;
  switch (view.status) {
    case "waiting":
      return (
        <>
          <Notice>
            <p>{t("public.waitlist.waiting")}</p>
            {view.position ? (
              <p className="mt-1 font-semibold">{t("public.waitlist.position", { position: view.position })}</p>
            ) : null}
          </Notice>
          <PublicButton variant="outline" onClick={() => act("decline")} disabled={busy}>
            {spinner}
            {t("public.waitlist.leave")}
          </PublicButton>
        </>
      );
    case "offered":
      return (
        <>
          <Notice tone="success">
            {t("public.waitlist.offered", { expires: formatDateTimeFor(language, view.offerExpiresAt ?? new Date()) })}
          </Notice>
          <div className="flex flex-col gap-2 sm:flex-row">
            <PublicButton onClick={() => act("accept")} disabled={busy}>
              {spinner}
              {t("public.waitlist.accept")}
            </PublicButton>
            <PublicButton variant="outline" onClick={() => act("decline")} disabled={busy}>
              {t("public.waitlist.decline")}
            </PublicButton>
          </div>
        </>
      );
    case "accepted":
      return (
        <>
          <Notice tone="success" title={<CheckCircle2 className="size-6 text-success" aria-hidden="true" />}>
            <span data-testid="waitlist-accepted">
              {/* A minor's registration waits for the guardian (issue 32): not "confirmed" yet. */}
              {t(
                awaitsGuardian(view.registrationState ?? "confirmed")
                  ? "public.waitlist.acceptedAwaitingGuardian"
                  : "public.waitlist.accepted",
                {
                  code: view.registrationCode ?? "",
                },
              )}
            </span>
          </Notice>
          {view.manageToken ? (
            <PublicButton variant="outline" onClick={() => navigate(`/manage?t=${encodeURIComponent(view.manageToken!)}`)}>
              {t("public.waitlist.manageLink")}
            </PublicButton>
          ) : null}
        </>
      );
    case "expired":
      return <Notice tone="warning">{t("public.waitlist.expired")}</Notice>;
    default:
      return <Notice>{t("public.waitlist.declined")}</Notice>;
  }
}
