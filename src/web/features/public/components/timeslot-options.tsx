import { useT } from "@web/lib/language";
import { LOW_AVAILABILITY_THRESHOLD } from "@common/constants";
import { formatTimeRange } from "@common/dates";
import type { PublicTimeslot } from "@common/schemas/public-responses";
import { clsx } from "clsx";

interface TimeslotOptionsProps {
  timeslots: PublicTimeslot[];
  value: string;
  error?: string | undefined;
  onChange: (timeslotId: string) => void;
}

/** The slot radio list: spots left per slot (red at 3 or fewer); a full slot offers its waiting list. */
export function TimeslotOptions({ timeslots, value, error, onChange }: TimeslotOptionsProps) {
  const t = useT();
  const firstEnabled = timeslots[0]?.id;
  return (
    <fieldset aria-describedby={error ? "timeslotId-error" : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-3 text-sm font-medium">{t("public.register.timeslotLabel")}</legend>
      {timeslots.length === 0 ? <p className="text-sm text-muted-foreground">{t("public.register.noTimeslots")}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {timeslots.map((slot) => {
          const full = slot.availableSpots <= 0;
          const low = slot.availableSpots <= LOW_AVAILABILITY_THRESHOLD;
          const id = slot.id === (value || firstEnabled) ? "timeslotId" : `timeslot-${slot.id}`;
          return (
            <label
              key={slot.id}
              htmlFor={id}
              className={clsx(
                "flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border bg-card px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                value === slot.id ? "border-primary bg-accent" : "border-input",
                full && value !== slot.id && "opacity-70",
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
                <span className="font-medium tabular-nums">{formatTimeRange(slot.startTime, slot.endTime)}</span>
                <span className={clsx("text-sm", low ? "font-medium text-destructive" : "text-muted-foreground")}>
                  {t("public.register.spotsAvailable", { count: Math.max(0, slot.availableSpots) })}
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
