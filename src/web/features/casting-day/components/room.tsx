import { ROOM_NAME_MAX } from "@common/schemas/queue";
import { useId, useState } from "react";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Card } from "@web/components/ui/card";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Loading } from "@web/components/ui/spinner";
import { useT } from "@web/lib/language";
import { useLiveLine } from "../hooks/use-live-line";
import { useRoomActions } from "../hooks/use-room-actions";
import { useRoomName } from "../hooks/use-room-name";
import { CallPanel } from "./call-panel";
import { LineStats, OtherRooms, WaitingLine } from "./line-overview";
import { LiveBadge } from "./live-badge";
import { RoomCalls } from "./room-calls";

/**
 * One event's line seen from one room: the room's name, the calls, the numbers it called, the line
 * and the other rooms. Every number shown is the server's.
 */
export function Room({ eventId }: { eventId: string }) {
  const t = useT();
  const roomId = useId();
  const [room, setRoom] = useRoomName();
  const [roomMissing, setRoomMissing] = useState(false);
  const { line, state } = useLiveLine(eventId);
  const actions = useRoomActions(eventId);
  const roomName = room.trim();
  const roomError = roomMissing && !roomName ? t("castingday.room.roomNameRequired") : undefined;

  /** The room's name, or null after asking for it (a call without a room would name nobody's door). */
  const requireRoom = () => {
    if (roomName) return roomName;
    setRoomMissing(true);
    requestAnimationFrame(() => document.getElementById(roomId)?.focus());
    return null;
  };

  const { outcome } = actions;
  return (
    <>
      <Card className="grid gap-3 p-4">
        <Field id={roomId} label={t("castingday.room.roomName")} hint={t("castingday.room.roomNameHint")} error={roomError}>
          <Input
            {...fieldAria(roomId, roomError, true)}
            value={room}
            maxLength={ROOM_NAME_MAX}
            autoComplete="off"
            list={`${roomId}-rooms`}
            onChange={(event) => setRoom(event.target.value)}
          />
        </Field>
        <datalist id={`${roomId}-rooms`}>
          {line.data?.rooms.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <LiveBadge state={state} />
      </Card>
      <CallPanel eventId={eventId} requireRoom={requireRoom} onCalled={actions.called} onFailed={actions.failed} />
      <p role="status" className="min-h-6 text-sm font-medium" data-testid="room-outcome">
        {outcome && "ok" in outcome ? outcome.ok : null}
      </p>
      {outcome && "failed" in outcome ? (
        <Alert variant="destructive">
          <AlertDescription>{outcome.failed}</AlertDescription>
        </Alert>
      ) : null}
      {line.data ? (
        <>
          <RoomCalls
            entries={line.data.called.filter((entry) => entry.state === "called" && entry.room === roomName)}
            busyId={actions.busyId}
            onAction={actions.act}
          />
          <LineStats line={line.data} />
          <OtherRooms called={line.data.called} room={roomName} />
          <WaitingLine waiting={line.data.waiting} />
        </>
      ) : line.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{t("castingday.room.loadFailed")}</AlertDescription>
        </Alert>
      ) : (
        <Loading text={t("common.loading")} />
      )}
    </>
  );
}
