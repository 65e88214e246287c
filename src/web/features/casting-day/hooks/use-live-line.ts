/**
 * The line, live (issue 35): the staff stream's `line` messages replace the cached line when newer,
 * and a stream that comes back after a drop reads the line again (the browser reconnects by itself,
 * sending the last version it saw). A stream the browser gave up on (a proxy's 502 while a process
 * restarts, a refused session) leaves the screen asking every few seconds, and is opened again later.
 */
import { STREAM_EVENTS, type QueueLine } from "@common/schemas/queue";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { queueLineQuery, useQueueLine } from "../api/queue-line";

export type LiveState = "connecting" | "live" | "reconnecting" | "polling";

/** How long a stream the browser gave up on waits before it is opened again. */
export const STREAM_REOPEN_MS = 15_000;

export function useLiveLine(eventId: string) {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");
  // Each opening of the stream; a new one after the browser gave up on the last.
  const [opening, setOpening] = useState(0);

  useEffect(() => {
    const { queryKey } = queueLineQuery(eventId);
    const source = new EventSource(`/api/events/${encodeURIComponent(eventId)}/queue/stream`);
    // A reopened stream may have missed changes while it was down: read the line once it is back.
    let missed = opening > 0;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    source.onopen = () => {
      setState("live");
      if (missed) void client.invalidateQueries({ queryKey });
      missed = false;
    };
    source.onerror = () => {
      missed = true;
      if (source.readyState !== EventSource.CLOSED) return setState("reconnecting");
      setState("polling");
      reopen = setTimeout(() => setOpening((count) => count + 1), STREAM_REOPEN_MS);
    };
    source.addEventListener(STREAM_EVENTS.line, (message) => {
      let line: QueueLine;
      try {
        line = JSON.parse((message as MessageEvent<string>).data) as QueueLine;
      } catch {
        return;
      }
      client.setQueryData<QueueLine>(queryKey, (shown) => (shown && shown.version > line.version ? shown : line));
    });
    return () => {
      clearTimeout(reopen);
      source.close();
    };
  }, [client, eventId, opening]);

  const line = useQueueLine(eventId, { poll: state === "polling" });
  return { line, state };
}
