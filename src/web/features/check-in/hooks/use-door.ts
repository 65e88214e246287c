/**
 * What the check-in screen does (issue 20): show who a scan, a typed code or a chosen name is (a
 * preview), record the arrival on 'Registrar llegada', and keep check-ins for later when the
 * network is down (use-check-in-queue.ts). A person the server stops (issue 32: a minor without the
 * guardian's approval) is shown stopped; with the network gone, a person this phone has already
 * seen stopped (a card, a search result) is stopped at once instead of being queued.
 */
import {
  normaliseRegistrationCode,
  type CheckInRequest,
  type CheckInResponse,
  type CheckInSearchResponse,
} from "@common/schemas/check-ins";
import { guardianStopsArrival } from "@common/registration-state";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import type { Translate } from "@common/i18n";
import { previewCheckIn, searchCheckIns } from "../api/check-in";
import { sendFailure } from "./check-in-queue-storage";
import { useCheckInQueue, type SubmitOutcome } from "./use-check-in-queue";

const CODE = /^OC-[2-9A-HJKMNP-Z]{6}$/;
/** The same code read again within this long is the same person still in front of the camera. */
const SAME_SCAN_MS = 4000;

/** The check-in token in a scanned text: the QR code holds `${PUBLIC_URL}/check-in?t=…`. */
export function tokenOfScan(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.pathname.endsWith("/check-in") ? (url.searchParams.get("t") ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

/** The card: who, as the server answered (`offline`: as this phone last heard it, the network being gone). */
type Shown = { request: CheckInRequest; result: CheckInResponse; offline?: boolean } | null;
type SearchItem = CheckInSearchResponse["items"][number];

/** The ways a request names a person, as keys of what this phone knows of them. */
function keysOf(request: CheckInRequest): string[] {
  return [
    request.registrationId && `id:${request.registrationId}`,
    request.token && `token:${request.token}`,
    request.code && `code:${normaliseRegistrationCode(request.code)}`,
  ].filter((key): key is string => Boolean(key));
}

/**
 * What this phone has heard of people while the network was up: the cards the server answered,
 * and the search results (whose guardian has not approved). Kept for the screen's life only.
 */
function useKnownPeople(t: Translate, onArrived: (registrationId: string) => void) {
  const cards = useRef(new Map<string, CheckInResponse>());
  const found = useRef(new Map<string, SearchItem>());
  return {
    /** A card the server answered: remembered, and a stopped arrival of this person is no longer news once they are in. */
    answered(request: CheckInRequest, result: CheckInResponse) {
      const { id, registrationCode } = result.registration;
      for (const key of [...keysOf(request), `id:${id}`, `code:${registrationCode}`]) cards.current.set(key, result);
      if (result.registration.attended) onArrived(id);
    },
    searched(items: SearchItem[]) {
      for (const item of items) found.current.set(item.id, item);
    },
    /** What to show, with no answer from the server, of a person this phone knows is stopped; undefined when it cannot know. */
    stoppedOffline(request: CheckInRequest): { shown: Shown; notice: string | null } | undefined {
      const card = keysOf(request)
        .map((key) => cards.current.get(key))
        .find(Boolean);
      if (card?.stop) return { shown: { request, result: card, offline: true }, notice: null };
      const item = request.registrationId ? found.current.get(request.registrationId) : undefined;
      if (!item || item.attended || !guardianStopsArrival(item.guardianStatus)) return undefined;
      const reason = t(item.guardianStatus === "refused" ? "checkin.stops.guardian_refused" : "checkin.stops.guardian_pending");
      return { shown: null, notice: t("checkin.queue.stoppedNamed", { name: item.fullName, reason }) };
    },
  };
}

/** What staff read when the server refused a person for good. */
const refusalMessage = (t: Translate, error: unknown) =>
  error instanceof ApiError && error.status === 404 ? t("checkin.errors.notFound") : t("checkin.errors.failed");

/** A camera's reads: the same code again within a moment is the same person still in front of it. */
function useScan(onToken: (token: string) => void, onForeign: () => void) {
  const lastScan = useRef({ text: "", at: 0 });
  return (text: string) => {
    const now = Date.now();
    if (text === lastScan.current.text && now - lastScan.current.at < SAME_SCAN_MS) return;
    lastScan.current = { text, at: now };
    const token = tokenOfScan(text);
    if (token) onToken(token);
    else onForeign();
  };
}

export function useDoor(eventId: string) {
  const t = useT();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<CheckInSearchResponse["items"] | null>(null);
  const [current, setCurrent] = useState<Shown>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useCheckInQueue({ onSent: (count) => toast.success(t("checkin.queue.sent", { count })) });
  const known = useKnownPeople(t, queue.arrived);

  const settle = (shown: Shown, message: string | null) => {
    setResults(null);
    setCurrent(shown);
    setNotice(message);
    if (shown && !shown.offline) known.answered(shown.request, shown.result);
  };

  /** With no answer from the server: a person this phone knows is stopped is stopped at once, nothing queued. */
  const stopOffline = (request: CheckInRequest) => {
    const stopped = known.stoppedOffline(request);
    if (stopped) settle(stopped.shown, stopped.notice);
    return stopped !== undefined;
  };

  /** What the screen says after a check-in was sent or kept for later. */
  function settleOutcome(request: CheckInRequest, outcome: SubmitOutcome) {
    if ("sent" in outcome) settle({ request, result: outcome.sent }, null);
    else settle(null, t(`checkin.queue.kept.${outcome.kept}`));
  }

  /**
   * Who it is, or what went wrong. When the server cannot answer now (no connection, an expired
   * session, a failing server) the arrival is kept and sent later: the person is at the door.
   */
  async function show(request: CheckInRequest, label?: string): Promise<void> {
    try {
      settle({ request, result: await previewCheckIn(request) }, null);
    } catch (error) {
      if (sendFailure(error) === "refused") return settle(null, refusalMessage(t, error));
      if (stopOffline(request)) return;
      try {
        settleOutcome(request, await queue.submit(request, label));
      } catch (refused) {
        settle(null, refusalMessage(t, refused));
      }
    }
  }

  const scan = useScan(
    (token) => void show({ token, eventId }),
    () => settle(null, t("checkin.scan.foreign")),
  );

  async function search(q: string) {
    const code = normaliseRegistrationCode(q);
    const keep = async () => {
      const outcome = await queue.submit({ code, eventId }, code);
      if ("sent" in outcome) settle({ request: { code, eventId }, result: outcome.sent }, null);
      else if (outcome.kept === "connection") settle(null, t("checkin.search.offlineCode", { code }));
      else settle(null, t(`checkin.queue.kept.${outcome.kept}`));
    };
    if (CODE.test(code) && !navigator.onLine) return stopOffline({ code, eventId }) ? undefined : keep();
    try {
      const { items } = await searchCheckIns(eventId, q);
      known.searched(items);
      const exact = items.find((item) => item.registrationCode === code);
      if (exact) await show({ registrationId: exact.id, eventId }, exact.fullName);
      else {
        settle(null, null);
        setResults(items);
      }
    } catch (error) {
      const keepable = sendFailure(error) !== "refused" && CODE.test(code);
      if (!keepable) settle(null, t("checkin.errors.failed"));
      else if (!stopOffline({ code, eventId })) await keep().catch((refused) => settle(null, refusalMessage(t, refused)));
    }
  }

  /** 'Registrar llegada', or an admin's override of a guardian's missing approval with its reason. */
  async function confirm(overrideReason?: string) {
    if (!current) return;
    setBusy(true);
    try {
      const request = { ...current.request, scannedAt: new Date().toISOString(), ...(overrideReason ? { overrideReason } : {}) };
      settleOutcome(current.request, await queue.submit(request, current.result.registration.fullName));
      void queryClient.invalidateQueries({ queryKey: ["events", eventId, "arrivals"] });
    } catch (error) {
      setNotice(refusalMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  return { queue, results, current, busy, notice, show, scan, search, confirm, next: () => settle(null, null) };
}
