import type { QueueCallRequest, QueueEntry } from "@common/schemas/queue";
import { useState } from "react";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import { useUpdateQueueEntry, type QueueEntryAction } from "../api/update-queue-entry";

/** What the room last heard from the server: what it did, or why it could not. */
export type RoomOutcome = { ok: string } | { failed: string } | null;

/**
 * What a room does and what the server answered, in words: nothing changes on the screen before
 * the server answers (its reply here, then the stream's next line).
 */
export function useRoomActions(eventId: string) {
  const t = useT();
  const update = useUpdateQueueEntry(eventId);
  const [outcome, setOutcome] = useState<RoomOutcome>(null);

  const failed = (error: unknown) =>
    setOutcome({ failed: error instanceof ApiError ? error.message : t("castingday.room.failed") });

  const called = (entries: QueueEntry[], request: QueueCallRequest) =>
    setOutcome({
      ok:
        entries.length > 0
          ? t("castingday.room.call.called", { count: entries.length, numbers: entries.map((entry) => entry.number).join(", ") })
          : t(request.number === undefined ? "castingday.room.call.nobody" : "castingday.room.call.nobodyNumbered"),
    });

  const act = (entry: QueueEntry, action: QueueEntryAction) =>
    update.mutate(
      { entryId: entry.id, ...action },
      {
        onSuccess: () => {
          const done = action.action === "absent" ? action.then : action.action;
          setOutcome({ ok: t(`castingday.room.done.${done}`, { number: entry.number }) });
        },
        onError: failed,
      },
    );

  /** The entry whose change is on its way: its buttons wait for the server's answer. */
  const busyId = update.isPending ? (update.variables?.entryId ?? null) : null;
  return { outcome, failed, called, act, busyId };
}
