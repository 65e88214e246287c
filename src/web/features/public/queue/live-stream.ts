import { STREAM_HEARTBEAT_SECONDS, STREAM_RETRY_MS } from "@common/queue-stream";

/**
 * connecting: the first connection; open: receiving; reconnecting: lost, being tried again;
 * invalid: the server refused the address (an unknown token or a revoked key), never tried again.
 */
export type StreamStatus = "connecting" | "open" | "reconnecting" | "invalid";

export interface LiveStreamHandlers<T> {
  onMessage: (data: T) => void;
  onStatus: (status: StreamStatus) => void;
}

/** The longest wait between two attempts of our own. */
const MAX_RETRY_MS = 30_000;
/** Hidden longer than two heartbeats (a locked phone), a stream that still reads open may be dead. */
const STALE_AFTER_MS = 2 * STREAM_HEARTBEAT_SECONDS * 1000;

/** A refusal that trying again will not change (a 408 or 429 will). */
const refused = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * One of the casting day's streams (issue 35), kept open for as long as the page is: a phone in a
 * pocket all afternoon, a TV all day. EventSource reconnects by itself after a dropped connection
 * (sending Last-Event-ID), but gives up for good on an error status (a proxy's 502 during a restart)
 * and may keep a dead connection through a locked screen: then a new EventSource is opened here,
 * with the last id in the query (it cannot set headers), after a growing, spread-out wait, at once
 * when the page is shown again or the network returns. Returns the function that closes it.
 */
export function openLiveStream<T>(url: string, event: string, { onMessage, onStatus }: LiveStreamHandlers<T>): () => void {
  let source: EventSource | null = null;
  let lastId: string | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probe: AbortController | null = null;
  let hiddenAt: number | null = null;
  let ended = false;

  const address = () =>
    lastId === null ? url : `${url}${url.includes("?") ? "&" : "?"}lastEventId=${encodeURIComponent(lastId)}`;

  const connect = () => {
    clearTimeout(timer);
    // A diagnosis under way is moot now (it sees it is no longer the current one).
    probe?.abort();
    probe = null;
    source?.close();
    const current = new EventSource(address());
    source = current;
    current.addEventListener("open", () => {
      attempt = 0;
      onStatus("open");
    });
    current.addEventListener(event, (message) => {
      const { data, lastEventId } = message as MessageEvent<string>;
      if (lastEventId) lastId = lastEventId;
      const parsed = parse<T>(data);
      if (parsed !== undefined) onMessage(parsed);
    });
    current.addEventListener("error", () => {
      if (current !== source || ended) return;
      onStatus("reconnecting");
      // Still connecting: the browser tries again by itself. Closed: it gave up; ask the server why.
      if (current.readyState === EventSource.CLOSED) void diagnose();
    });
  };

  const retryLater = () => {
    const wait = Math.min(STREAM_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
    attempt += 1;
    // Spread out, so a thousand phones cut off at once do not all come back in the same second.
    timer = setTimeout(connect, wait / 2 + Math.random() * (wait / 2));
  };

  // The status EventSource hides: a refusal ends it here, anything else is tried again later.
  const diagnose = async () => {
    source?.close();
    source = null;
    const controller = new AbortController();
    probe = controller;
    const status = await responseStatus(address(), controller);
    if (ended || probe !== controller) return;
    probe = null;
    if (refused(status)) {
      close();
      onStatus("invalid");
    } else retryLater();
  };

  const reconnectNow = () => {
    if (ended) return;
    attempt = 0;
    if (source?.readyState !== EventSource.OPEN) onStatus("reconnecting");
    connect();
  };

  const onVisibility = () => {
    if (document.visibilityState === "hidden") {
      hiddenAt = Date.now();
      return;
    }
    const stale = hiddenAt !== null && Date.now() - hiddenAt > STALE_AFTER_MS;
    hiddenAt = null;
    if (stale || source?.readyState !== EventSource.OPEN) reconnectNow();
  };

  function close() {
    ended = true;
    clearTimeout(timer);
    probe?.abort();
    source?.close();
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("online", reconnectNow);
  }

  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("online", reconnectNow);
  connect();
  return close;
}

/** A stream's response status (0 when unreachable), asked with a plain request. */
async function responseStatus(address: string, controller: AbortController): Promise<number> {
  try {
    return (await fetch(address, { signal: controller.signal, headers: { accept: "text/event-stream" } })).status;
  } catch {
    return 0; // Offline, or aborted by a reconnection that came first.
  } finally {
    // Only the status was wanted: the stream itself is EventSource's.
    controller.abort();
  }
}

function parse<T>(data: string): T | undefined {
  try {
    return JSON.parse(data) as T;
  } catch {
    return undefined;
  }
}
