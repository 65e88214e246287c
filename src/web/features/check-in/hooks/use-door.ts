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
import { isConnectionFailure, useCheckInQueue } from "./use-check-in-queue";

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
  const queue = useCheckInQueue({
    onSent: (count) => toast.success(t("checkin.queue.sent", { count })),
    onRefused: ({ body, message }) =>
      toast.error(t("checkin.queue.refused", { code: body.code ?? body.registrationId ?? "QR", message })),
  });

  const settle = (shown: Shown, message: string | null) => {
    setResults(null);
    setCurrent(shown);
    setNotice(message);
  };

  /** Who it is, or what went wrong; with no connection the arrival is kept and sent later. */
  async function show(request: CheckInRequest): Promise<void> {
    try {
      settle({ request, result: await previewCheckIn(request) }, null);
    } catch (error) {
      if (isConnectionFailure(error)) {
        await queue.submit(request);
        settle(null, t("checkin.queue.queued"));
      } else {
        settle(
          null,
          error instanceof ApiError && error.status === 404 ? t("checkin.errors.notFound") : t("checkin.errors.failed"),
        );
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
      await queue.submit({ code, eventId });
      settle(null, t("checkin.search.offlineCode", { code }));
    };
    if (CODE.test(code) && !navigator.onLine) return keep();
    try {
      const { items } = await searchCheckIns(eventId, q);
      const exact = items.find((item) => item.registrationCode === code);
      if (exact) await show({ registrationId: exact.id, eventId });
      else {
        settle(null, null);
        setResults(items);
      }
    } catch (error) {
      if (isConnectionFailure(error) && CODE.test(code)) await keep();
      else settle(null, t("checkin.errors.failed"));
    }
  }

  async function confirm() {
    if (!current) return;
    setBusy(true);
    try {
      const result = await queue.submit({ ...current.request, scannedAt: new Date().toISOString() });
      if (result) settle({ request: current.request, result }, null);
      else settle(null, t("checkin.queue.queued"));
      void queryClient.invalidateQueries({ queryKey: ["events", eventId, "arrivals"] });
    } catch {
      setNotice(t("checkin.errors.failed"));
    } finally {
      setBusy(false);
    }
  }

  return { queue, results, current, busy, notice, show, scan, search, confirm, next: () => settle(null, null) };
}
