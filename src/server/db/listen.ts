/**
 * LISTEN/NOTIFY (issue 35, ADR 024): how a process hears what another process committed. PGlite
 * delivers its own NOTIFYs to `listen` in the same process. On PostgreSQL a dedicated connection
 * (never one of the pool's: a pooled connection is handed to other requests, and pipelined lanes
 * cannot hold a LISTEN) listens; when it drops it is opened again with back-off, and the caller is
 * told: notifications sent while it was down are lost, so the caller re-reads what they would have said.
 */
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export interface ListenHandlers {
  /** Each payload committed on the channel. */
  onNotification(payload: string): void;
  /** The connection was opened again after a drop (PostgreSQL): whatever was notified meanwhile is lost. */
  onReconnect(): void;
  /** The connection dropped, or a new one could not be opened (logged by the caller). */
  onError?(error: unknown): void;
}

/** Stops listening (and closes the dedicated connection). */
export type StopListening = () => Promise<void>;

export async function listenOnPglite(client: PGlite, channel: string, handlers: ListenHandlers): Promise<StopListening> {
  const unlisten = await client.listen(channel, handlers.onNotification);
  return async () => {
    // Closed with the database (a shutdown closes the app first, tests may close it in either order).
    if (!client.closed) await unlisten().catch(() => {});
  };
}

export interface PostgresListenOptions {
  /** The first wait before opening the connection again; doubled after each failure up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * How often the idle connection is asked `select 1`, and how long it may take to answer: a
   * connection that died without a word (a network cut, no RST) is otherwise never noticed.
   */
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
}

const DEFAULTS: Required<PostgresListenOptions> = {
  firstBackoffMs: 100,
  maxBackoffMs: 5000,
  pingIntervalMs: 30_000,
  pingTimeoutMs: 10_000,
};

/** The process's listening connection's name in pg_stat_activity (tests end it there). */
export const LISTEN_APPLICATION_NAME = "opencall-listen";

/**
 * Listens on `channel` over a connection of its own. The first connection must open (else it
 * rejects: the caller answers 503 and tries again later); after that, drops are repaired in the
 * background until `stop`.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  options: PostgresListenOptions = {},
): Promise<StopListening> {
  const { firstBackoffMs, maxBackoffMs, pingIntervalMs, pingTimeoutMs } = { ...DEFAULTS, ...options };
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let backoffMs = firstBackoffMs;

  async function open(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION_NAME, keepAlive: true });
    let dropped = false;
    let ping: NodeJS.Timeout | undefined;
    const drop = (error: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = undefined;
      clearInterval(ping);
      next.end().catch(() => {});
      if (stopped) return;
      handlers.onError?.(error);
      scheduleReopen();
    };
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? "");
    });
    next.on("error", drop);
    next.on("end", () => drop(new Error("the listening connection ended")));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      dropped = true;
      next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    ping = setInterval(() => {
      const timeout = setTimeout(() => drop(new Error("the listening connection did not answer")), pingTimeoutMs);
      next.query("select 1").then(
        () => clearTimeout(timeout),
        (error: unknown) => {
          clearTimeout(timeout);
          drop(error);
        },
      );
    }, pingIntervalMs);
    ping.unref();
  }

  function scheduleReopen(): void {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      open().then(
        () => {
          backoffMs = firstBackoffMs;
          if (!stopped) handlers.onReconnect();
        },
        (error: unknown) => {
          handlers.onError?.(error);
          backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
          scheduleReopen();
        },
      );
    }, backoffMs);
    retry.unref();
  }

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    // Its 'end' drops it (and its ping); nothing is opened again once stopped.
    await current?.end().catch(() => {});
  };
}
