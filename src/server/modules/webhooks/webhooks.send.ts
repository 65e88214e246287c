/**
 * One webhook attempt over HTTP (issue 37): a POST of the signed body, following at most three
 * redirects (each checked as the first address was), within one deadline for the whole attempt;
 * the answer's body is read up to a cap and dropped, so a slow or huge reply never holds a worker.
 */
import http from "node:http";
import https from "node:https";
import { AddressNotAllowed, checkUrl, guardedLookup, type AddressPolicy } from "./webhooks.address";

/** A receiver answers within this, redirects included, or the attempt failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The reply's body read at most (and ignored): past it the connection is dropped. */
export const WEBHOOK_REPLY_CAP_BYTES = 4096;
const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface AttemptResult {
  ok: boolean;
  /** The final HTTP status; null when no answer came (refused, timed out, not allowed). */
  status: number | null;
  durationMs: number;
  /** Why it failed, in a line for the deliveries list; null when it succeeded. */
  error: string | null;
}

export interface PostOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  policy: AddressPolicy;
  timeoutMs?: number;
}

interface Answer {
  status: number;
  location: string | undefined;
}

function post(url: URL, body: string, headers: Record<string, string>, policy: AddressPolicy, signal: AbortSignal) {
  return new Promise<Answer>((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        lookup: guardedLookup(url, policy) as never,
        signal,
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > WEBHOOK_REPLY_CAP_BYTES) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function describe(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `no answer within ${timeoutMs / 1000} s`;
  if (error instanceof AddressNotAllowed) return `address not allowed (${error.reason})`;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof AddressNotAllowed) return `address not allowed (${cause.reason})`;
  const code = (error as { code?: string }).code;
  return code ? `connection failed (${code})` : error instanceof Error ? error.message.slice(0, 200) : "failed";
}

export async function attemptDelivery({
  url,
  body,
  headers,
  policy,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: PostOptions): Promise<AttemptResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  let target = new URL(url);
  try {
    for (let hop = 0; ; hop++) {
      checkUrl(target, policy);
      const answer = await post(target, body, headers, policy, signal);
      if (REDIRECTS.has(answer.status) && answer.location && hop < MAX_REDIRECTS) {
        target = new URL(answer.location, target);
        continue;
      }
      const ok = answer.status >= 200 && answer.status < 300;
      return { ok, status: answer.status, durationMs: elapsed(), error: ok ? null : `answered ${answer.status}` };
    }
  } catch (error) {
    return { ok: false, status: null, durationMs: elapsed(), error: describe(error, signal.aborted, timeoutMs) };
  }
}
