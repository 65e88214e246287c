import { useLanguage, useT } from "@web/lib/language";
import { formatLongDateFor, formatTimeRangeFor } from "@common/dates-language";
import type { GuardianView } from "@common/schemas/privacy";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { useGuardianDecision, useGuardianView } from "../api/guardian";

/** Approve, or refuse after a confirming step (a refusal cancels the registration). */
function DecisionButtons({ busy, onDecide }: { busy: boolean; onDecide: (approve: boolean) => void }) {
  const t = useT();
  const [confirmRefuse, setConfirmRefuse] = useState(false);
  if (confirmRefuse)
    return (
      <div role="alertdialog" aria-labelledby="refuse-text" className="grid gap-3 rounded-lg border border-destructive/50 p-4">
        <p id="refuse-text">{t("privacy.guardian.page.confirmRefuse")}</p>
        <div className="flex flex-wrap gap-3">
          <Button variant="destructive" disabled={busy} onClick={() => onDecide(false)} autoFocus>
            {t("privacy.guardian.page.refuse")}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => setConfirmRefuse(false)}>
            {t("privacy.guardian.page.cancel")}
          </Button>
        </div>
      </div>
    );
  return (
    <div className="flex flex-wrap gap-3">
      <Button disabled={busy} onClick={() => onDecide(true)}>
        {t("privacy.guardian.page.approve")}
      </Button>
      <Button variant="outline" disabled={busy} onClick={() => setConfirmRefuse(true)}>
        {t("privacy.guardian.page.refuse")}
      </Button>
    </div>
  );
}

/** Who asks: the agency's logo and name, and its web site when it has one. */
function AgencyHeading({ agency }: { agency: GuardianView["agency"] }) {
  const t = useT();
  return (
    <div className="flex min-w-0 items-center gap-3">
      {agency.logoUrl ? <img src={agency.logoUrl} alt="" className="size-10 shrink-0 rounded object-contain" /> : null}
      <div className="grid min-w-0">
        <p className="truncate font-semibold">{agency.name}</p>
        {agency.website ? (
          <a
            className="truncate text-sm text-primary underline underline-offset-4"
            href={agency.website}
            rel="noopener noreferrer"
          >
            {t("privacy.guardian.page.website", { agency: agency.name })}
          </a>
        ) : null}
      </div>
    </div>
  );
}

/** Who asks, for what, when (the slot, 24-hour) and where (issue 32). */
function GuardianDetails({ view }: { view: GuardianView }) {
  const { t, language } = useLanguage();
  const { registration, agency } = view;
  const { startTime, endTime } = registration;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
      <dt className="text-muted-foreground">{t("privacy.emails.guardian.agency")}</dt>
      <dd>{agency.name}</dd>
      <dt className="text-muted-foreground">{t("public.emails.details.event")}</dt>
      <dd>{registration.eventName}</dd>
      <dt className="text-muted-foreground">{t("privacy.guardian.page.minor")}</dt>
      <dd>{registration.fullName}</dd>
      <dt className="text-muted-foreground">{t("public.emails.details.date")}</dt>
      <dd>{formatLongDateFor(language, registration.eventDate)}</dd>
      {startTime && endTime ? (
        <>
          <dt className="text-muted-foreground">{t("public.emails.details.timeslot")}</dt>
          <dd>{formatTimeRangeFor(language, startTime, endTime)}</dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">{t("public.emails.details.place")}</dt>
      <dd>{registration.location}</dd>
      <dt className="text-muted-foreground">{t("public.emails.details.code")}</dt>
      <dd className="font-mono">{registration.registrationCode}</dd>
    </dl>
  );
}

/** /guardian?t=…: a minor's guardian reads the notice and approves or refuses the registration (issue 18). */
export function GuardianPage() {
  const t = useT();
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const token = params.get("t") ?? "";
  const view = useGuardianView(token);
  const decide = useGuardianDecision(token);

  if (view.isPending)
    return (
      <p role="status" className="p-6 text-center">
        {t("privacy.guardian.page.loading")}
      </p>
    );
  if (view.isError)
    return (
      <Alert variant="destructive" className="mx-auto my-10 max-w-xl">
        <AlertDescription>{t("privacy.guardian.page.invalid")}</AlertDescription>
      </Alert>
    );
  const { registration, notice, guardianStatus, agency } = view.data;
  const outcome = decide.data;
  let answer: string | null = null;
  if (outcome) {
    if (outcome.alreadyDecided)
      answer =
        outcome.outcome === "approved" ? t("privacy.guardian.page.alreadyApproved") : t("privacy.guardian.page.alreadyRefused");
    else answer = outcome.outcome === "approved" ? t("privacy.guardian.page.approved") : t("privacy.guardian.page.refused");
  } else if (guardianStatus === "approved") answer = t("privacy.guardian.page.alreadyApproved");
  else if (guardianStatus === "refused") answer = t("privacy.guardian.page.alreadyRefused");

  return (
    <Card className="mx-auto my-6 w-full max-w-2xl">
      <CardHeader className="gap-3">
        <AgencyHeading agency={agency} />
        <h1 className="text-2xl font-bold">{t("privacy.guardian.page.title")}</h1>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p>{t("privacy.guardian.page.intro", { name: registration.fullName, agency: agency.name })}</p>
        <GuardianDetails view={view.data} />
        {registration.consentClientSharing ? <p className="text-sm">{t("privacy.guardian.page.clientSharing")}</p> : null}
        <p className="text-sm [overflow-wrap:anywhere]">
          {t("privacy.guardian.page.contact", { agency: agency.name })}{" "}
          <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${agency.contactEmail}`}>
            {agency.contactEmail}
          </a>
        </p>
        <section aria-labelledby="notice-title" className="grid gap-2 rounded-lg border p-4 text-sm">
          <h2 id="notice-title" className="font-semibold">
            {t("privacy.notice.title")} · {t("privacy.notice.version", { version: notice.version })}
          </h2>
          <p className="font-medium">{t("privacy.guardian.page.noticeIntro", { agency: agency.name })}</p>
          <p className="whitespace-pre-line">{language === "en" ? notice.textEn : notice.textEs}</p>
        </section>
        {answer ? (
          <p role="status" className="rounded-lg border border-success/50 bg-success/5 p-4 font-medium">
            {answer}
          </p>
        ) : (
          <DecisionButtons busy={decide.isPending} onDecide={(approve) => decide.mutate(approve)} />
        )}
        {decide.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{t("privacy.guardian.page.invalid")}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

export const Component = GuardianPage;
