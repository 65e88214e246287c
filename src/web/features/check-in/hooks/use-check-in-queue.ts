/**
 * Check-ins the server could not take now (the venue's network is down, the session expired while
 * offline, a busy or failing server): kept in this phone's localStorage and sent, oldest first,
 * when the connection returns and every few seconds while any wait. The server records an arrival
 * once, so a check-in sent twice (a reply lost on the way back) does no harm. Only a definitive
 * answer about the arrival itself (an unknown person, an invalid body) removes it from the queue,
 * and then it is listed as failed until staff dismiss it: an arrival is never dropped silently.
 * An arrival the server stops (issue 32: a minor without the guardian's approval, a cancelled
 * registration) is not done either: it is listed as stopped, with the reason, until staff act.
 */
import type { CheckInRequest, CheckInResponse } from "@common/schemas/check-ins";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { sessionQueryOptions } from "@web/features/accounts";
import { checkIn } from "../api/check-in";
import {
  readFailed,
  readQueue,
  sendFailure,
  stoppedArrival,
  writeFailed,
  writeQueue,
  type FailedCheckIn,
  type QueuedCheckIn,
  type SendFailure,
} from "./check-in-queue-storage";
import { useOnline } from "./use-online";

export type { FailedCheckIn, QueuedCheckIn } from "./check-in-queue-storage";

const RETRY_MS = 5000;

/** An arrival kept on the phone, sent later, and the number in the line it was given. */
export interface NumberedArrival {
  key: string;
  name: string;
  number: number;
}

/** A check-in sent now, or kept for later and why. */
export type SubmitOutcome = { sent: CheckInResponse } | { kept: Exclude<SendFailure, "refused"> };

/** The two lists, in state for the screen and in localStorage for the phone. */
function useStoredLists() {
  const [queue, setQueue] = useState<QueuedCheckIn[]>(readQueue);
  const [failed, setFailed] = useState<FailedCheckIn[]>(readFailed);
  // localStorage is the truth: another tab of this phone may have changed it.
  const updateQueue = useCallback((change: (queue: QueuedCheckIn[]) => QueuedCheckIn[]) => {
    const next = change(readQueue());
    writeQueue(next);
    setQueue(next);
  }, []);
  const updateFailed = useCallback((change: (failed: FailedCheckIn[]) => FailedCheckIn[]) => {
    const next = change(readFailed());
    writeFailed(next);
    setFailed(next);
  }, []);
  return { queue, failed, updateQueue, updateFailed };
}

type StoredLists = ReturnType<typeof useStoredLists>;

/**
 * Sends one queued arrival: the server's answer when it recorded it; `goOn` false when the rest of
 * the queue should wait (no use trying them now).
 */
async function sendQueued(
  item: QueuedCheckIn,
  { updateQueue, updateFailed }: Pick<StoredLists, "updateQueue" | "updateFailed">,
  onSignInNeeded: () => void,
): Promise<{ sent: CheckInResponse | null; goOn: boolean }> {
  const without = <T extends QueuedCheckIn>(list: T[]) => list.filter((other) => other.key !== item.key);
  try {
    const result = await checkIn(item.body);
    const stopped = stoppedArrival(item, result);
    if (stopped) updateFailed((current) => [...without(current), stopped]);
    updateQueue(without);
    return { sent: stopped ? null : result, goOn: true };
  } catch (error) {
    const failure = sendFailure(error);
    if (failure === "refused") {
      const message = error instanceof Error ? error.message : String(error);
      updateFailed((current) => [...without(current), { ...item, message }]);
      updateQueue(without);
    }
    if (failure === "signIn") onSignInNeeded();
    // A failure of this one arrival (refused, a server error) need not hold up the others.
    return { sent: null, goOn: failure === "refused" || failure === "server" };
  }
}

/** Sends the queue, oldest first, until one must wait: the arrivals recorded, with the server's answers. */
async function sendAll(lists: Pick<StoredLists, "updateQueue" | "updateFailed">, onSignInNeeded: () => void) {
  const sent: Array<{ key: string; result: CheckInResponse }> = [];
  for (const item of readQueue()) {
    const { sent: result, goOn } = await sendQueued(item, lists, onSignInNeeded);
    if (result) sent.push({ key: item.key, result });
    if (!goOn) break;
  }
  return sent;
}

/** The numbers in the line (issue 35) that arrivals sent late were given: staff tell each person theirs. */
function useSentNumbers() {
  const [numbered, setNumbered] = useState<NumberedArrival[]>([]);
  const add = useCallback((sent: Awaited<ReturnType<typeof sendAll>>) => {
    const given = sent.flatMap(({ key, result }) =>
      result.queue ? [{ key, name: result.registration.fullName, number: result.queue.number }] : [],
    );
    if (given.length > 0) setNumbered((current) => [...current, ...given]);
  }, []);
  const clear = useCallback(() => setNumbered([]), []);
  return { numbered, add, clear };
}

export function useCheckInQueue({ onSent }: { onSent: (count: number) => void }) {
  const queryClient = useQueryClient();
  const { queue, failed, updateQueue, updateFailed } = useStoredLists();
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const numbers = useSentNumbers();
  const addNumbers = numbers.add;
  const flushing = useRef(false);
  const latestOnSent = useRef(onSent);
  useEffect(() => {
    latestOnSent.current = onSent;
  });

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    let sent: Awaited<ReturnType<typeof sendAll>> = [];
    try {
      sent = await sendAll({ updateQueue, updateFailed }, () => setNeedsSignIn(true));
    } finally {
      flushing.current = false;
    }
    addNumbers(sent);
    if (sent.length > 0) {
      setNeedsSignIn(false);
      latestOnSent.current(sent.length);
      void queryClient.invalidateQueries({ queryKey: ["events"] });
    }
  }, [queryClient, updateQueue, updateFailed, addNumbers]);

  const online = useOnline(() => void flush());

  // The browser may believe it is online on a network that reaches nothing: try again now and then.
  useEffect(() => {
    if (queue.length === 0) return;
    const timer = setInterval(() => {
      if (navigator.onLine) void flush();
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [queue.length, flush]);

  /**
   * Checks in now, or keeps it for later when the server cannot take it now. Throws only for a
   * definitive refusal (unknown person, invalid body), which the caller shows there and then.
   */
  const submit = useCallback(
    async (body: CheckInRequest, label?: string): Promise<SubmitOutcome> => {
      const queuedAt = body.scannedAt ?? new Date().toISOString();
      const keep = (why: Exclude<SendFailure, "refused">): SubmitOutcome => {
        updateQueue((current) => [
          ...current,
          { key: crypto.randomUUID(), body: { ...body, scannedAt: queuedAt }, queuedAt, ...(label ? { label } : {}) },
        ]);
        if (why === "signIn") setNeedsSignIn(true);
        return { kept: why };
      };
      if (!navigator.onLine) return keep("connection");
      try {
        const result = await checkIn(body);
        setNeedsSignIn(false);
        return { sent: result };
      } catch (error) {
        const failure = sendFailure(error);
        if (failure === "refused") throw error;
        return keep(failure);
      }
    },
    [updateQueue],
  );

  const dismiss = useCallback(
    (key: string) => updateFailed((current) => current.filter((item) => item.key !== key)),
    [updateFailed],
  );

  /** The person of a stopped arrival is in now (an admin's override): their stop is no longer news. */
  const arrived = useCallback(
    (registrationId: string) => updateFailed((current) => current.filter((item) => item.stop?.registrationId !== registrationId)),
    [updateFailed],
  );

  /**
   * Asks the server who is signed in: nobody, and the dashboard's guard leads to the sign-in page
   * (which comes back here, the queue still on the phone); still signed in, and the queue is sent.
   */
  const signInAgain = useCallback(async () => {
    const user = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }).catch(() => null);
    if (user) await flush();
  }, [queryClient, flush]);

  return { pending: queue, failed, numbers, needsSignIn, online, submit, dismiss, arrived, signInAgain, sendNow: flush };
}
