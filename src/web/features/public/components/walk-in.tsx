import { useT } from "@web/lib/language";
import { DoorOpen } from "lucide-react";
import { lazy, Suspense, useEffect, useRef } from "react";
import type { WalkInCreated } from "../api/walk-in";
import { WaysForward } from "./contact-agency";
import { Card, Notice } from "./public-ui";

// Loaded once a walk-in has registered: the form's page, which every registrant loads, stays light.
const PlaceView = lazy(() => import("../queue/place-view").then((module) => ({ default: module.PlaceView })));

/** Above the walk-in form (issue 35): registered at the door, checked in at once, no slot to choose. */
export function WalkInBanner() {
  const t = useT();
  return (
    <div className="flex gap-3 rounded-lg border border-primary/40 bg-accent/40 p-4">
      <DoorOpen className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t("public.walkIn.bannerTitle")}</h2>
        <p className="text-sm">{t("public.walkIn.bannerBody")}</p>
      </div>
    </div>
  );
}

/** The poster's link while the door takes no walk-ins. */
export function WalkInClosed() {
  const t = useT();
  return (
    <div className="grid max-w-xl gap-4">
      <Notice tone="warning" title={t("public.walkIn.closedTitle")}>
        {t("public.walkIn.closedHelp")}
      </Notice>
      <WaysForward className="sm:items-start" />
    </div>
  );
}

/**
 * A walk-in registered: their number and their live place, or, for a minor whose guardian has not
 * approved yet, that they are let in once the guardian does.
 */
export function WalkInDone({ result }: { result: WalkInCreated }) {
  const t = useT();
  const { queue, registrationCode } = result;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the reader starts again from what happened.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto grid max-w-xl gap-6">
      <h1 className="text-2xl font-bold tracking-tight" tabIndex={-1} ref={heading}>
        {queue ? t("public.walkIn.doneTitle") : t("public.walkIn.guardianTitle")}
      </h1>
      {queue === null ? <Notice tone="warning">{t("public.walkIn.guardianBody")}</Notice> : null}
      <Card className="grid gap-1 p-4 text-center">
        <p className="text-sm text-muted-foreground">{t("public.walkIn.code")}</p>
        <p className="font-mono text-2xl font-bold tracking-widest" data-testid="registration-code">
          {registrationCode}
        </p>
      </Card>
      {queue?.token ? (
        <Suspense fallback={null}>
          <PlaceView token={queue.token} />
        </Suspense>
      ) : queue ? (
        <>
          <Card className="grid gap-2 p-5 text-center">
            <p className="text-sm font-medium text-muted-foreground">{t("public.place.number")}</p>
            <p className="text-7xl leading-none font-black tabular-nums" data-testid="place-number">
              {queue.number}
            </p>
          </Card>
          <p className="text-sm text-muted-foreground">{t("public.walkIn.followByMail")}</p>
        </>
      ) : null}
    </div>
  );
}
