/**
 * What the check-in screen does (issue 20): show who a scan, a typed code or a chosen name is (a
 * preview), record the arrival on 'Registrar llegada', and keep check-ins for later when the
 * network is down (use-check-in-queue.ts).
 */
import {
  normaliseRegistrationCode,
  type CheckInRequest,
  type CheckInResponse,
  type CheckInSearchResponse,
} from "@common/schemas/check-ins";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
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

type Shown = { request: CheckInRequest; result: CheckInResponse } | null;

export function useDoor(eventId: string) {
  const t = useT();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<CheckInSearchResponse["items"] | null>(null);
  const [current, setCurrent] = useState<Shown>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const lastScan = useRef({ text: "", at: 0 });
  const queue = useCheckInQueue({ onSent: (count) => toast.success(t("checkin.queue.sent", { count })) });

  const settle = (shown: Shown, message: string | null) => {
    setResults(null);
    setCurrent(shown);
    setNotice(message);
  };

  const refusal = (error: unknown) =>
    error instanceof ApiError && error.status === 404 ? t("checkin.errors.notFound") : t("checkin.errors.failed");

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
      if (sendFailure(error) === "refused") return settle(null, refusal(error));
      try {
        settleOutcome(request, await queue.submit(request, label));
      } catch (refused) {
        settle(null, refusal(refused));
      }
    }
  }

  function scan(text: string) {
    const now = Date.now();
    if (text === lastScan.current.text && now - lastScan.current.at < SAME_SCAN_MS) return;
    lastScan.current = { text, at: now };
    const token = tokenOfScan(text);
    if (token) void show({ token, eventId });
    else settle(null, t("checkin.scan.foreign"));
  }

  async function search(q: string) {
    const code = normaliseRegistrationCode(q);
    const keep = async () => {
      const outcome = await queue.submit({ code, eventId }, code);
      if ("sent" in outcome) settle({ request: { code, eventId }, result: outcome.sent }, null);
      else if (outcome.kept === "connection") settle(null, t("checkin.search.offlineCode", { code }));
      else settle(null, t(`checkin.queue.kept.${outcome.kept}`));
    };
    if (CODE.test(code) && !navigator.onLine) return keep();
    try {
      const { items } = await searchCheckIns(eventId, q);
      const exact = items.find((item) => item.registrationCode === code);
      if (exact) await show({ registrationId: exact.id, eventId }, exact.fullName);
      else {
        settle(null, null);
        setResults(items);
      }
    } catch (error) {
      if (sendFailure(error) !== "refused" && CODE.test(code)) await keep().catch((refused) => settle(null, refusal(refused)));
      else settle(null, t("checkin.errors.failed"));
    }
  }

  async function confirm() {
    if (!current) return;
    setBusy(true);
    try {
      const request = { ...current.request, scannedAt: new Date().toISOString() };
      settleOutcome(current.request, await queue.submit(request, current.result.registration.fullName));
      void queryClient.invalidateQueries({ queryKey: ["events", eventId, "arrivals"] });
    } catch (error) {
      setNotice(refusal(error));
    } finally {
      setBusy(false);
    }
  }

  return { queue, results, current, busy, notice, show, scan, search, confirm, next: () => settle(null, null) };
}
