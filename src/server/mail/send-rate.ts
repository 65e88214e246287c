/**
 * The mail send rate per transport (MAIL_RATE_PER_SECOND), shared by every outbox worker on one
 * database: before each message, a worker takes a permit from a counter in rate_limits keyed by the
 * SMTP server (host and port, never the credentials). The waiting sends of a process ask for their
 * permits together, one statement per window, and those that get none wait for the next window.
 */
import type { SharedCounter } from "../lib/shared-limits";
import { rateWindow } from "./transport";

export interface SendRate {
  /** Resolves when this process may send one more message. */
  acquire(): Promise<void>;
}

/** The counter key of an SMTP server: its host and port, so that two workers of one provider share it. */
export function sendRateKey(smtpUrl: string | undefined): string {
  if (!smtpUrl) return "mail-rate:transport";
  const url = new URL(smtpUrl);
  return `mail-rate:${url.protocol}//${url.hostname}:${url.port || (url.protocol === "smtps:" ? "465" : "587")}`;
}

export function createSendRate(
  counter: SharedCounter,
  key: string,
  ratePerSecond: number,
  log?: { warn(obj: object, msg?: string): void },
): SendRate {
  const { rateLimit, rateDelta } = rateWindow(ratePerSecond);
  const waiting: Array<() => void> = [];
  let pumping = false;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(1, ms)));

  async function pump(): Promise<void> {
    pumping = true;
    try {
      while (waiting.length > 0) {
        const asked = waiting.length;
        let granted = 0;
        let resetAt = Date.now() + rateDelta;
        try {
          const hit = await counter.hit(key, rateDelta, { amount: asked });
          // What was left in this window before this request, at most what was asked.
          granted = Math.max(0, Math.min(asked, rateLimit - (hit.count - asked)));
          resetAt = hit.resetAt;
        } catch (error) {
          // The database is away: nothing is sent meanwhile (the results could not be recorded anyway).
          log?.warn({ err: error }, "outbox: could not take send permits; trying again");
        }
        for (const release of waiting.splice(0, granted)) release();
        // This window is spent: wait for the next one. (Sends that queued meanwhile ask at once.)
        if (granted < asked) await sleep(resetAt - Date.now());
      }
    } finally {
      pumping = false;
    }
  }

  return {
    acquire() {
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        // On the next turn, so that the sends queued together ask together.
        if (!pumping) {
          pumping = true;
          setImmediate(() => void pump());
        }
      });
    },
  };
}
