import type { QueueEntry } from "@common/schemas/queue";
import { CheckCircle2, RotateCcw } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { useT } from "@web/lib/language";
import type { QueueEntryAction } from "../api/update-queue-entry";
import { AbsentDialog } from "./absent-dialog";
import { clockTime } from "./clock";

interface RoomCallsProps {
  /** The numbers this room called and has not settled, the latest first. */
  entries: QueueEntry[];
  /** The entry whose change is on its way: its buttons wait for the server's answer. */
  busyId: string | null;
  onAction: (entry: QueueEntry, action: QueueEntryAction) => void;
}

/** The people this room called: each number large, with «Volver a llamar», «Atendido» and «Ausente». */
export function RoomCalls({ entries, busyId, onAction }: RoomCallsProps) {
  const t = useT();
  return (
    <section aria-labelledby="room-calls-title" className="grid gap-3">
      <h2 id="room-calls-title" className="text-xl font-semibold tracking-tight">
        {t("castingday.room.mine.title")}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("castingday.room.mine.empty")}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {entries.map((entry) => (
            <li key={entry.id}>
              <CalledEntry entry={entry} busy={busyId === entry.id} onAction={(action) => onAction(entry, action)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CalledEntry({
  entry,
  busy,
  onAction,
}: {
  entry: QueueEntry;
  busy: boolean;
  onAction: (action: QueueEntryAction) => void;
}) {
  const t = useT();
  const titleId = `called-${entry.id}`;
  return (
    <article
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
      data-testid="room-call"
    >
      <div className="flex items-start gap-4">
        <p className="text-4xl font-bold leading-none tabular-nums" aria-hidden="true">
          {entry.number}
        </p>
        <div className="min-w-0">
          <h3
            id={titleId}
            className="font-semibold wrap-anywhere"
            aria-label={t("castingday.room.mine.heading", { number: entry.number, name: entry.registration.fullName })}
          >
            {entry.registration.fullName}
          </h3>
          <p className="text-sm text-muted-foreground">
            {t("castingday.room.mine.details", {
              age: entry.registration.age,
              calls: entry.callCount,
              time: entry.calledAt ? clockTime(entry.calledAt) : "",
            })}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 [&>button]:flex-1">
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => onAction({ action: "recall" })}
          aria-label={t("castingday.room.mine.recallLabel", { number: entry.number })}
        >
          <RotateCcw aria-hidden="true" />
          {t("castingday.room.mine.recall")}
        </Button>
        <Button
          disabled={busy}
          onClick={() => onAction({ action: "seen" })}
          aria-label={t("castingday.room.mine.seenLabel", { number: entry.number })}
        >
          <CheckCircle2 aria-hidden="true" />
          {t("castingday.room.mine.seen")}
        </Button>
        <AbsentDialog entry={entry} busy={busy} onChoose={(then) => onAction({ action: "absent", then })} />
      </div>
    </article>
  );
}
