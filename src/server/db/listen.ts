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
 * One listening connection: LISTENs on `channel`, pings while idle, and calls `onDrop` once when it
 * ends, fails or stops answering (then closes it). Rejects when it cannot be opened.
 */
async function openListening(
  url: string,
  channel: string,
  onNotification: (payload: string) => void,
  onDrop: (error: unknown) => void,
  { pingIntervalMs, pingTimeoutMs }: Pick<Required<PostgresListenOptions>, "pingIntervalMs" | "pingTimeoutMs">,
): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION_NAME, keepAlive: true });
  client.on("notification", (message) => {
    if (message.channel === channel) onNotification(message.payload ?? "");
  });
  // An 'error' nobody listens to would end the process; once connected, `drop` handles them.
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    client.end().catch(() => {});
    throw error;
  }
  let dropped = false;
  const drop = (error: unknown) => {
    if (dropped) return;
    dropped = true;
    clearInterval(ping);
    client.end().catch(() => {});
    onDrop(error);
  };
  client.on("error", drop);
  client.on("end", () => drop(new Error("the listening connection ended")));
  const ping = setInterval(() => {
    const timeout = setTimeout(() => drop(new Error("the listening connection did not answer")), pingTimeoutMs);
    client.query("select 1").then(
      () => clearTimeout(timeout),
      (error: unknown) => {
        clearTimeout(timeout);
        drop(error);
      },
    );
  }, pingIntervalMs);
  ping.unref();
  return client;
}

/**
 * Listens on `channel` over a connection of its own. The first connection must open (else it
 * rejects: the caller answers 503 and tries again later); after that, drops are repaired in the
 * background, with back-off, until `stop`.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  options: PostgresListenOptions = {},
): Promise<StopListening> {
  const { firstBackoffMs, maxBackoffMs, ...ping } = { ...DEFAULTS, ...options };
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let backoffMs = firstBackoffMs;

  async function open(): Promise<void> {
    const opened = await openListening(
      url,
      channel,
      handlers.onNotification,
      (error) => {
        if (client === opened) client = undefined;
        if (stopped) return;
        handlers.onError?.(error);
        scheduleReopen();
      },
      ping,
    );
    if (stopped) await opened.end().catch(() => {});
    else client = opened;
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
    await current?.end().catch(() => {});
  };
}
