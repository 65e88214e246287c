import { formatDateFor, formatTimeRangeFor } from "@common/dates-language";
import type { ReactNode } from "react";
import { useLanguage } from "@web/lib/language";

export interface EventDetailsProps {
  event: { eventName: string; eventDate: string; location: string };
  /** The person's slot; null when the reply names none (shown as a dash). */
  timeslot: { startTime: string; endTime: string } | null;
  /** Rows a page adds after the event's own (the manage page's state), as label and value. */
  more?: ReadonlyArray<readonly [label: string, value: ReactNode]>;
}

/**
 * The event a person's registration or place in line is for, as the verify, waiting-list and manage
 * pages show it (issue 33): a description list of the event, its date, the slot's times and the place.
 */
export function EventDetails({ event, timeslot, more = [] }: EventDetailsProps) {
  const { t, language } = useLanguage();
  const rows: ReadonlyArray<readonly [string, ReactNode]> = [
    [t("public.verify.event"), event.eventName],
    [t("public.verify.date"), formatDateFor(language, event.eventDate)],
    [t("public.verify.timeslot"), timeslot ? formatTimeRangeFor(language, timeslot.startTime, timeslot.endTime) : "—"],
    [t("public.verify.place"), event.location],
    ...more,
  ];
  return (
    <dl className="grid gap-3 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-[7rem_1fr] gap-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
