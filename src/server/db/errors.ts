/** How a failed statement is told apart: PostgreSQL's answer, a refused constraint, a lost connection. */
import { TransactionTimeLimitError } from "./database";

/** The error and its causes: Drizzle wraps the driver's error (DrizzleQueryError's cause). */
function causes(error: unknown): object[] {
  const found: object[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    found.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/** PostgreSQL's SQLSTATE of a failed query, looking through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint (or unique index) a failed query violated, looking through Drizzle's wrapper. */
export function pgConstraint(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
  }
  return undefined;
}

// How node-postgres, pg-pool and PGlite say that a connection, not a statement, failed; and the socket's codes.
const CONNECTION_FAILURE_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
  "timeout expired",
  // pg-pool once ended (the app is shutting down), and PGlite closed under the app.
  "Cannot use a pool after calling end on the pool",
  "PGlite is closed",
];
const SOCKET_FAILURES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * The statement failed because its connection did (dropped, refused, ended by the server), not
 * because of anything it asked: the database gave no answer to it. The server ends a session with
 * a FATAL error (an administrator's command, a shutdown, a refused login); class 08 is a connection
 * exception; 57P01–57P03 a shutdown or a server not accepting connections yet.
 */
export function isConnectionError(error: unknown): boolean {
  return causes(error).some((e) => {
    const { code, severity, message } = e as { code?: unknown; severity?: unknown; message?: unknown };
    if (e instanceof NotSentError || severity === "FATAL" || severity === "PANIC") return true;
    if (typeof code === "string" && (SOCKET_FAILURES.has(code) || code.startsWith("08") || /^57P0[1-3]$/.test(code))) return true;
    return typeof message === "string" && CONNECTION_FAILURE_MESSAGES.some((m) => message.startsWith(m));
  });
}

/** A statement that never left the process: no connection to the database could be had. */
export class NotSentError extends Error {
  constructor(cause: unknown) {
    super("no connection to the database: the statement was not sent", { cause });
    this.name = "NotSentError";
  }
}

// node-postgres refuses a statement on a connection it knows is broken or closed, before sending it.
const NOT_SENT_MESSAGES = [
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

/**
 * The failed statement certainly did not run: it never reached the database. Any other connection
 * error leaves it uncertain (a statement may commit and its answer be lost with the socket).
 */
export function neverSent(error: unknown): boolean {
  return causes(error).some((e) => {
    const { message } = e as { message?: unknown };
    return e instanceof NotSentError || (typeof message === "string" && NOT_SENT_MESSAGES.some((m) => message.startsWith(m)));
  });
}

/** The database could not serve the request now: its connection failed, or a time limit ended it. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    isConnectionError(error) ||
    causes(error).some((e) => e instanceof TransactionTimeLimitError || (e as { code?: unknown }).code === PG_QUERY_CANCELED)
  );
}

export const PG_UNIQUE_VIOLATION = "23505";
export const PG_FOREIGN_KEY_VIOLATION = "23503";
export const PG_CHECK_VIOLATION = "23514";
/** statement_timeout (or a cancel) ended the statement. */
export const PG_QUERY_CANCELED = "57014";
