import { PACE_MIN_CALLS, PACE_WINDOW_MINUTES, type QueueEntry, type QueueLine } from "@common/schemas/queue";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { useT } from "@web/lib/language";

/** The waiting shown before «Ver toda la fila»: enough for a phone's screen. */
const FIRST_WAITING = 20;

/** How many wait, were seen and left, and the rooms' pace (all rooms, the last half hour). */
export function LineStats({ line }: { line: QueueLine }) {
  const t = useT();
  const pace = line.pacePerMinute === null ? null : Math.round(line.pacePerMinute * 10) / 10;
  const minutesToClear = pace && line.waiting.length > 0 ? Math.ceil(line.waiting.length / pace) : null;
  return (
    <Card className="grid gap-3 p-4">
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Stat label={t("castingday.room.stats.waiting")} value={line.waiting.length} />
        <Stat label={t("castingday.room.stats.seen")} value={line.seenCount} />
        <Stat label={t("castingday.room.stats.gone")} value={line.goneCount} />
      </dl>
      <p className="text-sm">
        <span className="font-medium">{t("castingday.room.stats.pace")}: </span>
        {pace === null
          ? t("castingday.room.stats.noPace", { min: PACE_MIN_CALLS, minutes: PACE_WINDOW_MINUTES })
          : t("castingday.room.stats.perMinute", { pace, minutes: PACE_WINDOW_MINUTES })}
        {minutesToClear === null ? null : (
          <span className="block text-muted-foreground">{t("castingday.room.stats.clearIn", { minutes: minutesToClear })}</span>
        )}
      </p>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid gap-0.5 rounded-lg bg-muted px-2 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** What the other rooms have called and not settled: each room with its numbers. */
export function OtherRooms({ called, room }: { called: QueueEntry[]; room: string }) {
  const t = useT();
  const byRoom = new Map<string, number[]>();
  for (const entry of called) {
    if (entry.room === null || entry.room === room) continue;
    byRoom.set(entry.room, [...(byRoom.get(entry.room) ?? []), entry.number]);
  }
  return (
    <section aria-labelledby="other-rooms-title" className="grid gap-2">
      <h2 id="other-rooms-title" className="text-xl font-semibold tracking-tight">
        {t("castingday.room.others.title")}
      </h2>
      {byRoom.size === 0 ? (
        <p className="text-sm text-muted-foreground">{t("castingday.room.others.empty")}</p>
      ) : (
        <ul className="grid gap-1 text-sm" data-testid="other-rooms">
          {[...byRoom].map(([name, numbers]) => (
            <li key={name} className="wrap-anywhere">
              <span className="font-medium">{name}</span>: <span className="tabular-nums">{numbers.join(", ")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The waiting in order: number and name; the first ones, or the whole line on request. */
export function WaitingLine({ waiting }: { waiting: QueueEntry[] }) {
  const t = useT();
  const [all, setAll] = useState(false);
  const shown = all ? waiting : waiting.slice(0, FIRST_WAITING);
  return (
    <section aria-labelledby="waiting-title" className="grid gap-2">
      <h2 id="waiting-title" className="text-xl font-semibold tracking-tight">
        {t("castingday.room.line.title")}
      </h2>
      {waiting.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("castingday.room.line.empty")}</p>
      ) : (
        <>
          <ol className="grid gap-1 text-sm" id="waiting-list" data-testid="waiting-line">
            {shown.map((entry) => (
              <li key={entry.id} className="flex gap-3 rounded-md border bg-card px-3 py-2">
                <span className="w-12 shrink-0 font-semibold tabular-nums">{entry.number}</span>
                <span className="min-w-0 wrap-anywhere">{entry.registration.fullName}</span>
              </li>
            ))}
          </ol>
          {waiting.length > FIRST_WAITING ? (
            <Button
              variant="outline"
              className="justify-self-start"
              aria-expanded={all}
              aria-controls="waiting-list"
              onClick={() => setAll(!all)}
            >
              {all ? t("castingday.room.line.showLess") : t("castingday.room.line.showAll", { count: waiting.length })}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
