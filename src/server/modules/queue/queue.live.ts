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

/**
 * An event's line as this process's streams watch it: the latest snapshot, and the read that brings
 * the next one. A change during a read causes one more read when it ends, not one each.
 */
class WatchedLine {
  readonly listeners = new Set<SnapshotListener>();
  current: QueueSnapshot | undefined;
  /** The read under way. */
  reading: Promise<void> | undefined;
  private again = false;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly eventId: string,
    private readonly read: QueueRepository["readLine"],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Reads the line once, or once more after the read under way; each newer snapshot to every listener. */
  refresh(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    clearTimeout(this.retry);
    this.reading = this.readUntilCurrent().then(
      () => {
        this.reading = undefined;
      },
      (error: unknown) => {
        this.reading = undefined;
        this.log.warn({ err: error, eventId: this.eventId }, "queue: the line could not be read; trying again");
        if (!this.stopped && this.listeners.size > 0) this.retry = setTimeout(() => void this.refresh(), READ_RETRY_MS);
        throw error;
      },
    );
    // A refresh nobody awaits (a notification's) must not be an unhandled rejection: it was logged.
    this.reading.catch(() => {});
    return this.reading;
  }

  private async readUntilCurrent(): Promise<void> {
    do {
      this.again = false;
      const read = await this.read(this.eventId);
      if (!read) return;
      const snapshot = snapshotOf(read);
      if (this.current && snapshot.version <= this.current.version) continue;
      this.current = snapshot;
      for (const listener of this.listeners) listener(snapshot);
    } while (this.again && !this.stopped);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
  }
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
  const events = new Map<string, WatchedLine>();
  let listening: Promise<StopListening> | undefined;
  let closed = false;

  function onNotification(payload: string): void {
    const separator = payload.lastIndexOf(":");
    const line = events.get(payload.slice(0, separator));
    // Not watched here, or a version already read (this process's read came after its commit).
    if (!line || (line.current && line.current.version >= Number(payload.slice(separator + 1)))) return;
    void line.refresh();
  }

  function onReconnect(): void {
    log.info({ events: events.size }, "queue: listening again; re-reading every watched line");
    for (const line of events.values()) void line.refresh();
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

  return {
    async watch(eventId, listener) {
      if (closed) throw new Error("queue: closed");
      await listen();
      let line = events.get(eventId);
      if (!line) {
        line = new WatchedLine(eventId, (id) => repository.readLine(id), log);
        events.set(eventId, line);
      }
      const watched = line;
      watched.listeners.add(listener);
      const stop = () => {
        watched.listeners.delete(listener);
        if (watched.listeners.size > 0 || events.get(eventId) !== watched) return;
        watched.stop();
        events.delete(eventId);
      };
      try {
        // A read under way began after the LISTEN: the first watchers of an event share it.
        if (!watched.current) await (watched.reading ?? watched.refresh());
      } catch (error) {
        stop();
        throw error;
      }
      if (!watched.current) {
        stop();
        return undefined;
      }
      return { current: () => watched.current!, stop };
    },

    watched: () => new Map([...events].map(([eventId, line]) => [eventId, line.listeners.size])),

    async close() {
      closed = true;
      for (const line of events.values()) line.stop();
      events.clear();
      const stop = await listening?.catch(() => undefined);
      listening = undefined;
      await stop?.();
    },
  };
}
