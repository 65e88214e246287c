/**
 * The line's live updates in this process (issue 35, ADR 024). One LISTEN on `queue_changes` per
 * process (db/listen.ts), started by the first stream and stopped with the app. A notification
 * names an event and its new version; for an event someone here watches, the line is read again
 * once per burst (changes arriving during a read cause one more read, not one each), and that one
 * snapshot goes to every stream of the event here. After the listening connection was lost and
 * opened again, every watched event is read again: what was notified meanwhile is lost.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { StopListening } from "../../db/listen";
import type { QueueRepository } from "./queue.repository";
import { snapshotOf, type QueueSnapshot } from "./queue.snapshot";

export const QUEUE_CHANNEL = "queue_changes";
/** After a failed read (the database did not answer), the next try; a change or a reconnection tries sooner. */
const READ_RETRY_MS = 1000;

export type SnapshotListener = (snapshot: QueueSnapshot) => void;

interface Watched {
  listeners: Set<SnapshotListener>;
  current: QueueSnapshot | undefined;
  reading: Promise<void> | undefined;
  /** A change arrived during the read: read once more when it ends. */
  again: boolean;
  retry: NodeJS.Timeout | undefined;
}

export interface Watch {
  /** The latest snapshot of the event's line (never older than the LISTEN's start). */
  current(): QueueSnapshot;
  stop(): void;
}

export interface QueueLive {
  /**
   * Calls `listener` with each newer snapshot of the event's line until `stop`. Resolves once this
   * process listens and the line has been read (so nothing committed after it can be missed);
   * undefined for no such event. Rejects when the database cannot be reached.
   */
  watch(eventId: string, listener: SnapshotListener): Promise<Watch | undefined>;
  /** Events watched and streams per event, for tests and metrics. */
  watched(): Map<string, number>;
  close(): Promise<void>;
}

export function createQueueLive({
  database,
  repository,
  log,
}: {
  database: Pick<Database, "listen">;
  repository: Pick<QueueRepository, "readLine">;
  log: FastifyBaseLogger;
}): QueueLive {
  const events = new Map<string, Watched>();
  let listening: Promise<StopListening> | undefined;
  let closed = false;

  function onNotification(payload: string): void {
    const separator = payload.lastIndexOf(":");
    const watched = events.get(payload.slice(0, separator));
    if (!watched) return;
    // A notification of a version already read (this process's own read came after its commit).
    if (watched.current && watched.current.version >= Number(payload.slice(separator + 1))) return;
    void refresh(payload.slice(0, separator), watched);
  }

  function onReconnect(): void {
    log.info({ events: events.size }, "queue: listening again; re-reading every watched line");
    for (const [eventId, watched] of events) void refresh(eventId, watched);
  }

  async function listen(): Promise<void> {
    listening ??= database.listen(QUEUE_CHANNEL, {
      onNotification,
      onReconnect,
      onError: (error) => log.warn({ err: error }, "queue: the listening connection failed; opening it again"),
    });
    try {
      await listening;
    } catch (error) {
      // The next watch tries again.
      listening = undefined;
      throw error;
    }
  }

  /** Reads the line once, or once more after the read under way; each newer snapshot to every listener. */
  function refresh(eventId: string, watched: Watched): Promise<void> {
    if (watched.reading) {
      watched.again = true;
      return watched.reading;
    }
    clearTimeout(watched.retry);
    watched.retry = undefined;
    const reading = (async () => {
      do {
        watched.again = false;
        const read = await repository.readLine(eventId);
        if (!read) return;
        const snapshot = snapshotOf(read);
        if (watched.current && snapshot.version <= watched.current.version) continue;
        watched.current = snapshot;
        for (const listener of watched.listeners) listener(snapshot);
      } while (watched.again && !closed);
    })();
    watched.reading = reading.then(
      () => {
        watched.reading = undefined;
      },
      (error: unknown) => {
        watched.reading = undefined;
        log.warn({ err: error, eventId }, "queue: the line could not be read; trying again");
        if (!closed && watched.listeners.size > 0) watched.retry = setTimeout(() => void refresh(eventId, watched), READ_RETRY_MS);
        throw error;
      },
    );
    // A refresh nobody awaits (a notification's) must not be an unhandled rejection: it was logged.
    watched.reading.catch(() => {});
    return watched.reading;
  }

  function forget(eventId: string, watched: Watched): void {
    if (watched.listeners.size > 0 || events.get(eventId) !== watched) return;
    clearTimeout(watched.retry);
    events.delete(eventId);
  }

  return {
    async watch(eventId, listener) {
      if (closed) throw new Error("queue: closed");
      await listen();
      let watched = events.get(eventId);
      if (!watched) {
        watched = { listeners: new Set(), current: undefined, reading: undefined, again: false, retry: undefined };
        events.set(eventId, watched);
      }
      const entry = watched;
      entry.listeners.add(listener);
      const stop = () => {
        entry.listeners.delete(listener);
        forget(eventId, entry);
      };
      try {
        // A read under way began after the LISTEN: the first watchers of an event share it.
        if (!entry.current) await (entry.reading ?? refresh(eventId, entry));
      } catch (error) {
        stop();
        throw error;
      }
      if (!entry.current) {
        stop();
        return undefined;
      }
      return { current: () => entry.current!, stop };
    },

    watched: () => new Map([...events].map(([eventId, watched]) => [eventId, watched.listeners.size])),

    async close() {
      closed = true;
      for (const watched of events.values()) clearTimeout(watched.retry);
      events.clear();
      const stop = await listening?.catch(() => undefined);
      listening = undefined;
      await stop?.();
    },
  };
}
