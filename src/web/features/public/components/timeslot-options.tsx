import { useLanguage } from "@web/lib/language";
import { SLOT_ROOM_TEXT, slotRoom } from "@web/lib/slot-availability";
import { formatTimeRangeFor } from "@common/dates-language";
import type { PublicTimeslot } from "@common/schemas/public-responses";
import { clsx } from "clsx";

interface TimeslotOptionsProps {
  timeslots: PublicTimeslot[];
  value: string;
  error?: string | undefined;
  onChange: (timeslotId: string) => void;
}

/**
 * The slot radio list: spots left per slot (red at 3 or fewer); a full slot says so in words, and
 * that it has a waiting list unless it has started (issue 19), in readable contrast (issue 32).
 */
export function TimeslotOptions({ timeslots, value, error, onChange }: TimeslotOptionsProps) {
  const { t, language } = useLanguage();
  const firstEnabled = timeslots[0]?.id;
  const roomText = (slot: PublicTimeslot) => {
    if (slotRoom(slot.availableSpots) !== "full") return t("public.register.spotsAvailable", { count: slot.availableSpots });
    return slot.started ? t("public.register.full") : t("public.register.fullWaitlist");
  };
  return (
    <fieldset aria-describedby={error ? "timeslotId-error" : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-3 text-sm font-medium">{t("public.register.timeslotLabel")}</legend>
      {timeslots.length === 0 ? <p className="text-sm text-muted-foreground">{t("public.register.noTimeslots")}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {timeslots.map((slot) => {
          const room = slotRoom(slot.availableSpots);
          const id = slot.id === (value || firstEnabled) ? "timeslotId" : `timeslot-${slot.id}`;
          return (
            <label
              key={slot.id}
              htmlFor={id}
              className={clsx(
                "flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border bg-card px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                value === slot.id ? "border-primary ring-1 ring-primary" : "border-input",
                room === "full" && value !== slot.id && "border-dashed",
                error && value !== slot.id && "border-destructive/60",
              )}
            >
              <input
                id={id}
                type="radio"
                name="timeslotId"
                value={slot.id}
                className="size-5 shrink-0 accent-primary"
                checked={value === slot.id}
                onChange={() => onChange(slot.id)}
              />
              <span className="grid gap-0.5">
                <span className="font-medium tabular-nums">{formatTimeRangeFor(language, slot.startTime, slot.endTime)}</span>
                <span className={clsx("text-sm", SLOT_ROOM_TEXT[room])} data-room={room}>
                  {roomText(slot)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id="timeslotId-error" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
