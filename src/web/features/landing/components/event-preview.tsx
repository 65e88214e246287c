import { landing } from "@common/texts/landing";
import { CalendarDays, MapPin } from "lucide-react";
import { Badge } from "@web/components/ui/badge";
import { cn } from "@web/lib/cn";

const previewTexts = landing.preview;

/** A still picture of an event card as staff see it: decorative, so it is one labelled image. */
export function EventPreview({ className }: { className?: string }) {
  return (
    <div role="img" aria-label={previewTexts.label} className={cn("relative", className)}>
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-primary/25 via-primary/5 to-transparent blur-2xl"
      />
      <div aria-hidden="true" className="rounded-xl border bg-card p-5 text-left shadow-xl shadow-primary/10 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <p className="text-base font-semibold leading-snug">{previewTexts.event}</p>
          <Badge tone="green">{previewTexts.status}</Badge>
        </div>
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" />
            {previewTexts.date}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MapPin className="size-4" />
            {previewTexts.place}
          </span>
        </div>
        <ul className="mt-5 grid gap-3">
          {previewTexts.slots.map((slot) => {
            const left = slot.capacity - slot.taken;
            return (
              <li key={slot.time} className="grid gap-1.5">
                <div className="flex justify-between text-sm">
                  <span className="font-medium tabular-nums">{slot.time}</span>
                  <span className={cn("tabular-nums", left === 0 ? "font-medium text-destructive" : "text-muted-foreground")}>
                    {left === 0 ? previewTexts.full : previewTexts.spots(left)}
                  </span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-muted">
                  <div
                    className={cn("h-full rounded-full", left === 0 ? "bg-destructive/70" : "bg-primary")}
                    style={{ width: `${(slot.taken / slot.capacity) * 100}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
        <div className="mt-5 rounded-md bg-primary px-4 py-2 text-center text-sm font-medium text-primary-foreground">
          {previewTexts.registrations}
        </div>
      </div>
    </div>
  );
}
