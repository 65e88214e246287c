/**
 * The offline queue's two lists on this phone (localStorage: a reload or a closed tab loses
 * nothing) and what a failed send means for a queued arrival (ADR 018).
 */
import type { CheckInRequest, CheckInResponse, CheckInStopCode } from "@common/schemas/check-ins";
import { ApiError } from "@web/lib/api";

const QUEUE_KEY = "opencall.checkInQueue";
const FAILED_KEY = "opencall.checkInFailed";

/** An arrival waiting to be sent. `label` is who it is when the phone knew (a name, a typed code). */
export interface QueuedCheckIn {
  key: string;
  body: CheckInRequest;
  label?: string;
  /** When the phone made it (also sent as `body.scannedAt`). */
  queuedAt?: string;
}

/**
 * An arrival the server refused for good (an unknown code, an invalid body), or stopped (issue 32:
 * a minor without the guardian's approval, a cancelled registration): shown until dismissed, a
 * stopped one with whom to open again and the guardian to call.
 */
export interface FailedCheckIn extends QueuedCheckIn {
  message: string;
  stop?: {
    code: CheckInStopCode;
    registrationId: string;
    guardian: { name: string; email: string } | null;
  };
}

/** A reply that recorded nothing because something stops this person's arrival: what the phone keeps of it. */
export function stoppedArrival(item: QueuedCheckIn, result: CheckInResponse): FailedCheckIn | undefined {
  if (result.checkedIn || result.registration.attended || !result.stop) return undefined;
  return {
    ...item,
    label: result.registration.fullName,
    message: result.stop.message,
    stop: { code: result.stop.code, registrationId: result.registration.id, guardian: result.registration.guardian },
  };
}

function read<T>(key: string): T[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export const readQueue = () => read<QueuedCheckIn>(QUEUE_KEY);
export const writeQueue = (queue: QueuedCheckIn[]) => localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
export const readFailed = () => read<FailedCheckIn>(FAILED_KEY);
export const writeFailed = (failed: FailedCheckIn[]) => localStorage.setItem(FAILED_KEY, JSON.stringify(failed));

/**
 * What a failed send means for the arrival:
 * - `connection`: no answer, or a gateway that cannot reach the app (0, 502, 503, 504); keep it.
 * - `signIn`: the session expired while the phone was offline (401); keep it until staff sign in again.
 * - `later`: refused for now (403, 429: an account or a rate limit); keep it, and the rest wait too.
 * - `server`: the server failed on this one (500…); keep it and try it again, after the others.
 * - `refused`: a definitive answer about this arrival (400 invalid, 404 unknown person); drop it and
 *   show it as failed. Nothing else ever drops an arrival.
 */
export type SendFailure = "connection" | "signIn" | "later" | "server" | "refused";

export function sendFailure(error: unknown): SendFailure {
  if (!(error instanceof ApiError)) return "server";
  const { status } = error;
  if (status === 400 || status === 404) return "refused";
  if (status === 401) return "signIn";
  if (status === 0 || status === 502 || status === 503 || status === 504) return "connection";
  if (status === 403 || status === 429) return "later";
  return "server";
}
