/**
 * Server-Sent Events for the line's three streams (issue 35, ADR 024; docs/api.md "Casting day").
 * A stream takes the reply over (no serializer, no compression, no reply hook runs on it) and
 * writes, in order: `retry:`, then the current state unless the client's `Last-Event-ID` is its
 * version already, then a message per change, each `id:` the line's version, and a comment every
 * heartbeat so that proxies' read time-outs never fire. What is kept per client is bounded: a
 * client that stops reading is disconnected once its unsent bytes pass a bound, never buffered
 * without limit; and a process holds at most `maxStreams` (503 beyond, the client tries again).
 */
import type { OutgoingHttpHeaders } from "node:http";
import { STREAM_HEARTBEAT_SECONDS, STREAM_RETRY_MS } from "@common/schemas/queue";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { QueueLive } from "./queue.live";
import { queueErrors } from "./queue.errors";
import type { QueueSnapshot } from "./queue.snapshot";

export interface StreamLimits {
  heartbeatMs: number;
  /**
   * Open streams per process. A stream costs a socket and a few kilobytes; 5,000 is several times
   * a big casting's phones for one process (the cluster spreads them), and far under the memory and
   * file descriptors a process has.
   */
  maxStreams: number;
  /**
   * Unsent bytes a client may leave in its socket's buffer (beyond the kernel's) when the next
   * message is due: more, and it has stopped reading, so it is dropped instead of holding every later
   * message in memory. A client that reads has taken the last message by then (a staff `line` of a
   * few hundred people is ~100 KB), so what a process holds per client is this plus one message.
   */
  maxBufferedBytes: number;
}

export const STREAM_LIMITS: StreamLimits = {
  heartbeatMs: STREAM_HEARTBEAT_SECONDS * 1000,
  maxStreams: 5000,
  maxBufferedBytes: 256 * 1024,
};

export interface StreamOptions {
  eventId: string;
  /** The SSE message of a snapshot for this client (`sseMessage`), or null for none. */
  message: (snapshot: QueueSnapshot) => string | null;
  /** Re-checked at every heartbeat; false ends the stream (a door pass revoked, a screen's key deleted). */
  stillAllowed?: () => Promise<boolean>;
}

interface OpenStream {
  write(chunk: string): void;
  end(): void;
  stillAllowed: (() => Promise<boolean>) | undefined;
  checking: boolean;
}

/** `Last-Event-ID` (an EventSource's reconnection) or `lastEventId` in the query (a new EventSource cannot set headers). */
export function lastEventIdOf(request: FastifyRequest): number | undefined {
  const header = request.headers["last-event-id"];
  const query = (request.query as { lastEventId?: unknown } | undefined)?.lastEventId;
  const value = typeof header === "string" && header !== "" ? header : typeof query === "string" ? query : undefined;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** A message that is the same for every client (the staff's line, the screens'): made once per snapshot. */
export function sharedMessage(make: (snapshot: QueueSnapshot) => string): (snapshot: QueueSnapshot) => string {
  const made = new WeakMap<QueueSnapshot, string>();
  return (snapshot) => {
    let message = made.get(snapshot);
    if (!message) {
      message = make(snapshot);
      made.set(snapshot, message);
    }
    return message;
  };
}

/** One SSE message: its id is the line's version. JSON holds no line break, so `data:` is one line. */
export const sseMessage = (version: number, event: string, data: string) => `id: ${version}\nevent: ${event}\ndata: ${data}\n\n`;

export interface QueueStreams {
  /**
   * Answers the request with a stream of the event's line (after any 4xx the caller threw). 404
   * `event_not_found` when the event does not exist, 503 when this process holds `maxStreams`.
   */
  open(request: FastifyRequest, reply: FastifyReply, options: StreamOptions): Promise<void>;
  /** Streams open in this process now. */
  count(): number;
  /** Ends every stream and refuses new ones (the app is closing). */
  close(): void;
}

/**
 * Takes the reply over and starts the event stream: its headers and `retry:`. The security headers
 * set for every reply (http/security-headers.ts) are kept; nothing else a hijacked reply skips is
 * wanted here. Node's server turns Nagle off on every connection (noDelay): each message leaves when written.
 */
function startStream(request: FastifyRequest, reply: FastifyReply, limits: StreamLimits, log: FastifyBaseLogger) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    "content-type": "text/event-stream",
    "cache-control": "no-cache, no-transform",
    // nginx passes a response with this header on as it comes, unbuffered.
    "x-accel-buffering": "no",
    connection: "keep-alive",
    "x-request-id": request.id,
  });
  let ended = false;
  res.once("close", () => (ended = true));
  const stream = {
    res,
    write(chunk: string) {
      if (ended) return;
      // Checked before writing: a message bigger than the bound still goes to a client that reads.
      if (res.writableLength > limits.maxBufferedBytes) {
        log.info({ buffered: res.writableLength, url: request.url }, "queue stream dropped: its client stopped reading");
        ended = true;
        res.destroy();
        return;
      }
      res.write(chunk);
    },
    end() {
      if (ended) return;
      ended = true;
      res.end();
    },
  };
  stream.write(`retry: ${STREAM_RETRY_MS}\n\n`);
  return stream;
}

/** A heartbeat to every stream, and the access checks of those that have one (none runs twice at once). */
function beat(streams: Iterable<OpenStream>, log: FastifyBaseLogger): void {
  for (const stream of streams) {
    stream.write(": heartbeat\n\n");
    if (!stream.stillAllowed || stream.checking) continue;
    stream.checking = true;
    stream.stillAllowed().then(
      (allowed) => {
        stream.checking = false;
        if (!allowed) stream.end();
      },
      (error: unknown) => {
        // Unknown (the database did not answer): kept until a check says no.
        stream.checking = false;
        log.warn({ err: error }, "queue stream: its access could not be checked");
      },
    );
  }
}

export function createQueueStreams({
  live,
  log,
  limits = STREAM_LIMITS,
}: {
  live: QueueLive;
  log: FastifyBaseLogger;
  limits?: StreamLimits;
}): QueueStreams {
  const streams = new Set<OpenStream>();
  /** Admitted and not open yet (reading the line): they count against the cap. */
  let opening = 0;
  let closing = false;
  // One timer for every stream of the process.
  const heartbeat = setInterval(() => beat(streams, log), limits.heartbeatMs);
  heartbeat.unref();

  function refuse(reply: FastifyReply): never {
    reply.header("retry-after", String(Math.ceil(STREAM_RETRY_MS / 1000)));
    throw queueErrors.streamsFull();
  }

  function admit(reply: FastifyReply): void {
    if (closing) refuse(reply);
    if (streams.size + opening >= limits.maxStreams) {
      log.warn({ open: streams.size, max: limits.maxStreams }, "queue stream refused: this process holds its most");
      refuse(reply);
    }
    opening++;
  }

  return {
    async open(request, reply, { eventId, message, stillAllowed }) {
      admit(reply);
      // Until the stream has started, snapshots only move `current` on (sent once it starts).
      const client: { stream?: OpenStream; sentVersion: number | undefined } = { sentVersion: lastEventIdOf(request) };
      const offer = (snapshot: QueueSnapshot) => {
        if (!client.stream || snapshot.version === client.sentVersion) return;
        client.sentVersion = snapshot.version;
        const chunk = message(snapshot);
        if (chunk) client.stream.write(chunk);
      };
      const watch = await live.watch(eventId, offer).finally(() => opening--);
      if (!watch) throw queueErrors.eventNotFound();
      if (closing || request.raw.destroyed) {
        watch.stop();
        if (closing) refuse(reply);
        // The client left while the line was read: nobody to answer.
        reply.hijack();
        return;
      }
      const started = startStream(request, reply, limits, log);
      const open: OpenStream = { write: started.write, end: started.end, stillAllowed, checking: false };
      streams.add(open);
      started.res.once("close", () => {
        streams.delete(open);
        watch.stop();
      });
      client.stream = open;
      offer(watch.current());
    },

    count: () => streams.size,

    close() {
      closing = true;
      clearInterval(heartbeat);
      for (const stream of streams) stream.end();
    },
  };
}
