import type { CheckInRequest } from "@common/schemas/check-ins";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@web/lib/api";
import { mockFetch } from "@web/test/render-route";
import type { QueuedCheckIn } from "./check-in-queue-storage";
import { useCheckInQueue } from "./use-check-in-queue";

const EVENT = "5a1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const queued = (code: string): QueuedCheckIn => ({
  key: `key-${code}`,
  body: { code, eventId: EVENT, scannedAt: "2026-03-05T14:10:00.000Z" },
  label: code,
  queuedAt: "2026-03-05T14:10:00.000Z",
});
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? "[]") as Array<QueuedCheckIn & { message?: string }>;
const storedCodes = () => stored("opencall.checkInQueue").map((item) => item.body.code);
type Reply = { status: number; body?: unknown };
const error = (status: number, code: string, message = code): Reply => ({ status, body: { error: { code, message } } });
const ok: Reply = { status: 200, body: { checkedIn: true } };

function renderQueue(items: QueuedCheckIn[]) {
  localStorage.setItem("opencall.checkInQueue", JSON.stringify(items));
  const onSent = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useCheckInQueue({ onSent }), { wrapper });
  /** Sends the queue now, as the 5-second retry does, and waits until it is done. */
  const sendNow = () => act(() => view.result.current.sendNow());
  return { ...view, onSent, sendNow };
}

/** Answers each POST /api/check-ins by the body's code; records what was sent. */
function server(answer: (body: CheckInRequest) => Reply | "network down") {
  const sent: string[] = [];
  mockFetch({
    "POST /api/check-ins": (body) => {
      const request = body as CheckInRequest;
      sent.push(request.code!);
      const reply = answer(request);
      if (reply === "network down") throw new TypeError("Failed to fetch");
      return reply;
    },
  });
  return sent;
}

describe("the offline check-in queue", () => {
  it.each([
    ["a session that expired while offline", 401, "unauthenticated"],
    ["an account refused for now", 403, "account_pending"],
    ["a rate limit", 429, "rate_limited"],
    ["a failing server", 500, "internal_error"],
    ["a proxy that cannot reach the app", 502, "bad_gateway"],
  ])("keeps every arrival on %s (%i), and sends it when the server takes it", async (_what, status, code) => {
    let answer = error(status, code);
    const sent = server(() => answer);
    const { result, onSent, sendNow } = renderQueue([queued("OC-AAAAAA")]);
    await sendNow();
    expect(sent).toEqual(["OC-AAAAAA"]);
    expect(storedCodes()).toEqual(["OC-AAAAAA"]);
    expect(result.current.pending.map((item) => item.label)).toEqual(["OC-AAAAAA"]);
    expect(result.current.failed).toEqual([]);
    expect(result.current.needsSignIn).toBe(status === 401);

    answer = ok;
    await sendNow();
    expect(result.current.pending).toEqual([]);
    expect(storedCodes()).toEqual([]);
    expect(onSent).toHaveBeenCalledWith(1);
    expect(result.current.needsSignIn).toBe(false);
  });

  it("tells the number in the line each arrival sent late was given (issue 35), until staff clear them", async () => {
    const names: Record<string, string> = { "OC-AAAAAA": "Ana Pérez", "OC-BBBBBB": "Beto Gómez" };
    server(({ code }) => ({
      status: 200,
      body: {
        checkedIn: true,
        registration: { fullName: names[code!], attended: true },
        queue: code === "OC-AAAAAA" ? { number: 23 } : null,
      },
    }));
    const { result, sendNow } = renderQueue([queued("OC-AAAAAA"), queued("OC-BBBBBB")]);
    await sendNow();
    expect(result.current.pending).toEqual([]);
    expect(result.current.numbers.numbered).toEqual([{ key: "key-OC-AAAAAA", name: "Ana Pérez", number: 23 }]);
    act(() => result.current.numbers.clear());
    expect(result.current.numbers.numbered).toEqual([]);
  });

  it("keeps every arrival when the network is still down", async () => {
    const sent = server(() => "network down");
    const { result, sendNow } = renderQueue([queued("OC-AAAAAA"), queued("OC-BBBBBB")]);
    await sendNow();
    expect(sent).toEqual(["OC-AAAAAA"]);
    expect(storedCodes()).toEqual(["OC-AAAAAA", "OC-BBBBBB"]);
    expect(result.current.pending).toHaveLength(2);
  });

  it("drops an arrival only on a definitive answer (unknown person, invalid body) and lists it as failed until dismissed", async () => {
    server(({ code }) =>
      code === "OC-UNKNOW"
        ? error(404, "not_found", "No encontramos esa inscripción.")
        : code === "OC-BADBAD"
          ? error(400, "validation_failed", "Datos inválidos.")
          : ok,
    );
    const { result, onSent, sendNow } = renderQueue([queued("OC-UNKNOW"), queued("OC-BADBAD"), queued("OC-CCCCCC")]);
    await sendNow();
    expect(result.current.pending).toEqual([]);
    expect(onSent).toHaveBeenCalledWith(1);
    expect(result.current.failed.map((item) => [item.label, item.message])).toEqual([
      ["OC-UNKNOW", "No encontramos esa inscripción."],
      ["OC-BADBAD", "Datos inválidos."],
    ]);
    expect(stored("opencall.checkInFailed").map((item) => item.body.code)).toEqual(["OC-UNKNOW", "OC-BADBAD"]);

    act(() => result.current.dismiss("key-OC-UNKNOW"));
    expect(result.current.failed.map((item) => item.label)).toEqual(["OC-BADBAD"]);
    expect(stored("opencall.checkInFailed").map((item) => item.body.code)).toEqual(["OC-BADBAD"]);
  });

  it("sends the others past a server error on one arrival, but holds them all while the session is expired", async () => {
    const sent = server(({ code }) => (code === "OC-BROKEN" ? error(500, "internal_error") : ok));
    const first = renderQueue([queued("OC-BROKEN"), queued("OC-BBBBBB")]);
    await first.sendNow();
    expect(sent).toEqual(["OC-BROKEN", "OC-BBBBBB"]);
    expect(storedCodes()).toEqual(["OC-BROKEN"]);
    first.unmount();

    const signedOut = server(() => error(401, "unauthenticated"));
    await renderQueue([queued("OC-AAAAAA"), queued("OC-BBBBBB")]).sendNow();
    expect(signedOut).toEqual(["OC-AAAAAA"]);
    expect(storedCodes()).toEqual(["OC-AAAAAA", "OC-BBBBBB"]);
  });

  it("sends the queue by itself when the connection returns", async () => {
    const sent = server(() => ok);
    const { result, onSent } = renderQueue([queued("OC-AAAAAA"), queued("OC-BBBBBB")]);
    await act(async () => {
      window.dispatchEvent(new Event("online"));
      await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith(2));
    });
    expect(sent).toEqual(["OC-AAAAAA", "OC-BBBBBB"]);
    expect(result.current.pending).toEqual([]);
  });

  it("submit keeps an arrival the server cannot take now, saying who and when, and throws a definitive refusal", async () => {
    let answer = error(401, "unauthenticated");
    server(() => answer);
    const { result } = renderQueue([]);
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.submit({ code: "OC-NICO22", eventId: EVENT }, "Nico Offline");
    });
    expect(outcome).toEqual({ kept: "signIn" });
    expect(result.current.needsSignIn).toBe(true);
    const [kept] = result.current.pending;
    expect(kept).toMatchObject({ label: "Nico Offline", body: { code: "OC-NICO22", scannedAt: kept!.queuedAt } });
    expect(Date.now() - new Date(kept!.queuedAt!).getTime()).toBeLessThan(60_000);

    answer = error(404, "not_found", "No encontramos esa inscripción.");
    await expect(result.current.submit({ code: "OC-UNKNOW", eventId: EVENT })).rejects.toBeInstanceOf(ApiError);
    expect(storedCodes()).toEqual(["OC-NICO22"]);
  });

  it("never counts as done an arrival the server stopped when it was sent: it is listed as stopped until the person is in", async () => {
    const MINOR = "7c1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
    const guardian = { name: "Marta Madre", email: "marta@example.com" };
    server(({ code }) =>
      code === "OC-MINORR"
        ? {
            status: 200,
            body: {
              checkedIn: false,
              alreadyCheckedIn: false,
              overridden: false,
              registration: { id: MINOR, fullName: "Lola Menor", attended: false, guardianStatus: "pending", guardian },
              stop: { code: "guardian_pending", message: "Menor sin autorización.", overridable: false },
              warnings: [],
            },
          }
        : ok,
    );
    const { result, onSent, sendNow } = renderQueue([queued("OC-MINORR"), queued("OC-BBBBBB")]);
    await sendNow();
    expect(result.current.pending).toEqual([]);
    expect(onSent).toHaveBeenCalledWith(1);
    expect(result.current.failed).toEqual([
      expect.objectContaining({
        label: "Lola Menor",
        message: "Menor sin autorización.",
        stop: { code: "guardian_pending", registrationId: MINOR, guardian },
      }),
    ]);
    expect(stored("opencall.checkInFailed")).toHaveLength(1);

    // An admin let the person in: the stop is no longer news.
    act(() => result.current.arrived(MINOR));
    expect(result.current.failed).toEqual([]);
    expect(stored("opencall.checkInFailed")).toEqual([]);
  });
});
