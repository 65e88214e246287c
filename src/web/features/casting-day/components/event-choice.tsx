import { todayIso } from "@common/dates";
import { formatDateFor } from "@common/dates-language";
import type { EventSummary } from "@common/schemas/events";
import { useId } from "react";
import { Label } from "@web/components/ui/label";
import { NativeSelect } from "@web/components/ui/input";
import { useLanguage } from "@web/lib/language";

/** Today's event first, else the newest. */
export function defaultEventId(events: EventSummary[] | undefined): string {
  const today = todayIso();
  return (events?.find((event) => event.eventDate === today) ?? events?.[0])?.id ?? "";
}

/** «Evento»: the events to choose from (a staff account), or the one a door pass is for, fixed. */
export function EventChoice({
  events,
  fixed,
  value,
  onChange,
}: {
  events?: EventSummary[] | undefined;
  fixed?: { eventName: string; eventDate: string } | undefined;
  value: string;
  onChange?: (eventId: string) => void;
}) {
  const { language, t } = useLanguage();
  const id = useId();
  if (fixed)
    return (
      <p className="grid gap-1 text-sm">
        <span className="font-medium">{t("checkin.event")}</span>
        <span className="wrap-anywhere" data-testid="fixed-event">
          {fixed.eventName} — {formatDateFor(language, fixed.eventDate)}
        </span>
      </p>
    );
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t("checkin.event")}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange?.(event.target.value)}>
        {value ? null : <option value="">{t("checkin.chooseEvent")}</option>}
        {events?.map((event) => (
          <option key={event.id} value={event.id}>
            {event.eventName} — {formatDateFor(language, event.eventDate)}
          </option>
        ))}
      </NativeSelect>
      {events?.length === 0 ? <p className="text-sm text-muted-foreground">{t("checkin.noEvents")}</p> : null}
    </div>
  );
}
