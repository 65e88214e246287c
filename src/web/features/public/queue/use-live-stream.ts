import { useEffect, useRef, useState } from "react";
import { openLiveStream, type StreamStatus } from "./live-stream";

/**
 * A live stream's messages for as long as the component is shown (openLiveStream: reconnecting
 * forever, catching up from the last id). `url` null: nothing to connect to (no token, no key), so
 * the address is as good as refused.
 */
export function useLiveStream<T>(url: string | null, event: string, onMessage: (data: T) => void): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>(url === null ? "invalid" : "connecting");
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    if (url === null) return;
    return openLiveStream<T>(url, event, { onMessage: (data) => handler.current(data), onStatus: setStatus });
  }, [url, event]);
  return status;
}
