import { STORAGE_KEYS } from "@common/constants";
import { useState } from "react";
import { readStorage, writeStorage } from "@web/lib/storage";

/** The room this device calls from, remembered on the device (a tablet stays in its room). */
export function useRoomName(): [string, (room: string) => void] {
  const [room, setRoom] = useState(() => readStorage(STORAGE_KEYS.roomName) ?? "");
  const change = (next: string) => {
    setRoom(next);
    writeStorage(STORAGE_KEYS.roomName, next.trim() ? next : null);
  };
  return [room, change];
}
