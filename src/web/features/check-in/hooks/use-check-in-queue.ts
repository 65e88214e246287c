/**
 * Check-ins made while the venue's network is down (issue 20): kept in this phone's localStorage
 * and sent, oldest first, when the connection returns. The server records an arrival once, so a
 * check-in sent twice (a reply lost on the way back) does no harm.
 */
import type { CheckInRequest, CheckInResponse } from "@common/schemas/check-ins";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "@web/lib/api";
import { checkIn } from "../api/check-in";
import { useOnline } from "./use-online";

const STORAGE_KEY = "opencall.checkInQueue";
const RETRY_MS = 5000;

export interface QueuedCheckIn {
  key: string;
  body: CheckInRequest;
}

function readQueue(): QueuedCheckIn[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(value) ? (value as QueuedCheckIn[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: QueuedCheckIn[]): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(queue));
}

/** No answer at all, or a server that cannot answer now: worth keeping and sending again. */
export function isConnectionFailure(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

export interface Refusal {
  body: CheckInRequest;
  message: string;
}

export function useCheckInQueue({
  onSent,
  onRefused,
}: {
  onSent: (count: number) => void;
  onRefused: (refusal: Refusal) => void;
}) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedCheckIn[]>(readQueue);
  const flushing = useRef(false);
  const callbacks = useRef({ onSent, onRefused });
  useEffect(() => {
    callbacks.current = { onSent, onRefused };
  });

  const update = useCallback((change: (queue: QueuedCheckIn[]) => QueuedCheckIn[]) => {
    // localStorage is the truth: another tab of this phone may have added to it.
    const next = change(readQueue());
    writeQueue(next);
    setQueue(next);
  }, []);

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    let sent = 0;
    try {
      for (const item of readQueue()) {
        try {
          await checkIn(item.body);
          sent++;
        } catch (error) {
          if (isConnectionFailure(error)) break;
          // Refused for good (an unknown code typed offline): say so, and stop trying it.
          callbacks.current.onRefused({ body: item.body, message: error instanceof Error ? error.message : String(error) });
        }
        update((current) => current.filter((other) => other.key !== item.key));
      }
    } finally {
      flushing.current = false;
    }
    if (sent > 0) {
      callbacks.current.onSent(sent);
      void queryClient.invalidateQueries({ queryKey: ["events"] });
    }
  }, [queryClient, update]);

  const online = useOnline(() => void flush());

  // The browser may believe it is online on a network that reaches nothing: try again now and then.
  useEffect(() => {
    if (queue.length === 0) return;
    const timer = setInterval(() => {
      if (navigator.onLine) void flush();
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [queue.length, flush]);

  /** Checks in now, or keeps it for later when there is no connection; undefined when kept. */
  const submit = useCallback(
    async (body: CheckInRequest): Promise<CheckInResponse | undefined> => {
      const kept = () => {
        update((current) => [
          ...current,
          { key: crypto.randomUUID(), body: { ...body, scannedAt: body.scannedAt ?? new Date().toISOString() } },
        ]);
        return undefined;
      };
      if (!navigator.onLine) return kept();
      try {
        return await checkIn(body);
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        return kept();
      }
    },
    [update],
  );

  return { pending: queue.length, online, submit };
}
