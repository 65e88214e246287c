import { useLanguage } from "@web/lib/language";
import { formatDateFor } from "@common/dates-language";
import { CalendarDays, MapPin } from "lucide-react";
import { clsx } from "clsx";

const PREVIEW = {
  date: "2026-06-14",
  slots: [
    { time: "10:00 – 12:00", taken: 18, capacity: 20 },
    { time: "12:00 – 14:00", taken: 11, capacity: 20 },
    { time: "15:00 – 17:00", taken: 20, capacity: 20 },
  ],
} as const;
const REGISTRATIONS = PREVIEW.slots.reduce((sum, slot) => sum + slot.taken, 0);

/** A still picture of an event card as staff see it: decorative, so it is one labelled image. */
export function EventPreview({ className }: { className?: string }) {
  const { t, language } = useLanguage();
  return (
    <div role="img" aria-label={t("landing.preview.label")} className={clsx("relative", className)}>
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-primary/25 via-primary/5 to-transparent blur-2xl"
      />
      <div aria-hidden="true" className="rounded-xl border bg-card p-5 text-left shadow-xl shadow-primary/10 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <p className="text-base font-semibold leading-snug">{t("landing.preview.event")}</p>
          <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-transparent bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200">
            {t("landing.preview.status")}
          </span>
        </div>
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" />
            {formatDateFor(language, PREVIEW.date)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MapPin className="size-4" />
            {t("landing.preview.place")}
          </span>
        </div>
        <ul className="mt-5 grid gap-3">
          {PREVIEW.slots.map((slot) => {
            const left = slot.capacity - slot.taken;
            return (
              <li key={slot.time} className="grid gap-1.5">
                <div className="flex justify-between text-sm">
                  <span className="font-medium tabular-nums">{slot.time}</span>
                  <span className={clsx("tabular-nums", left === 0 ? "font-medium text-destructive" : "text-muted-foreground")}>
                    {left === 0 ? t("landing.preview.full") : t("landing.preview.spots", { count: left })}
                  </span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-muted">
                  <div
                    className={clsx("h-full rounded-full", left === 0 ? "bg-destructive/70" : "bg-primary")}
                    style={{ width: `${(slot.taken / slot.capacity) * 100}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
        <div className="mt-5 rounded-md bg-primary px-4 py-2 text-center text-sm font-medium text-primary-foreground">
          {t("landing.preview.registrations", { count: REGISTRATIONS })}
        </div>
      </div>
    </div>
  );
}
