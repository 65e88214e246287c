/**
 * The casting day's live streams as their clients need them (issue 35): the SSE event names and
 * timings. Kept apart from @common/schemas/queue (which re-exports them) because that module builds
 * zod schemas, which must not reach the public pages' bundle: the phone and the venue's screen
 * import these values, and only types from the schemas.
 */

/**
 * The SSE `event:` names of the three streams. Each message's `id:` is the line's version; a client
 * reconnecting sends the last one it saw (the `Last-Event-ID` header, or `lastEventId` in the query
 * for a new EventSource, which cannot set headers): the same version gets nothing again, an older one
 * the current state, which holds everything missed.
 */
export const STREAM_EVENTS = { line: "line", place: "place", display: "display" } as const;

/** Every live stream's heartbeat (an SSE comment): proxies' read time-outs must be longer (docs/deploy.md). */
export const STREAM_HEARTBEAT_SECONDS = 15;
/** What an SSE client waits before reconnecting (the stream's `retry:` field). */
export const STREAM_RETRY_MS = 2000;
