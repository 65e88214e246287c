/**
 * The door with the network gone (issue 32): a person this phone has already seen stopped (their
 * card, a search result) is stopped at once, and nothing is queued for them; anyone else is kept
 * for later, as before (ADR 018).
 */
import type { CheckInResponse, CheckInSearchResponse } from "@common/schemas/check-ins";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@web/test/render-route";
import { useDoor } from "./use-door";

const EVENT = "5a1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const MINOR = "7c1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const ADULT = "8d1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const STOP = "Menor sin autorización: su madre, padre o tutor todavía no aprobó la inscripción. No puede pasar.";

const card = {
  registration: {
    id: MINOR,
    fullName: "Lola Menor",
    age: 16,
    registrationCode: "OC-7K3F9Q",
    status: "confirmed",
    emailVerified: true,
    guardianStatus: "pending",
    guardian: { name: "Marta Madre", email: "marta@example.com" },
    event: { id: EVENT, eventName: "Casting", eventDate: "2026-03-05" },
    timeslot: { id: "4a1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", startTime: "10:00", endTime: "11:00" },
    photoUrl: null,
    attended: false,
    attendedAt: null,
    checkedInBy: null,
  },
  alreadyCheckedIn: false,
  checkedIn: false,
  overridden: false,
  stop: { code: "guardian_pending", message: STOP, overridable: false },
  warnings: [],
  queue: null,
} satisfies CheckInResponse;

const item = (id: string, fullName: string, guardianStatus: "pending" | "not_required") =>
  ({
    id,
    fullName,
    registrationCode: id === MINOR ? "OC-7K3F9Q" : "OC-ADULT2",
    timeslot: { startTime: "10:00", endTime: "11:00" },
    attended: false,
    status: "confirmed",
    guardianStatus,
  }) satisfies CheckInSearchResponse["items"][number];

function renderDoor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useDoor(EVENT), { wrapper });
}

function goOffline() {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
}

const queued = () => JSON.parse(localStorage.getItem("opencall.checkInQueue") ?? "[]") as unknown[];

afterEach(() => vi.restoreAllMocks());

describe("the door offline", () => {
  it("shows again, stopped, a person whose card this phone has seen, by the same scan or the typed code", async () => {
    mockFetch({ "POST /api/check-ins/preview": () => ({ status: 200, body: card }) });
    const { result } = renderDoor();
    await act(() => result.current.show({ token: "tok", eventId: EVENT }));
    expect(result.current.current?.result.stop?.code).toBe("guardian_pending");

    goOffline();
    await act(() => result.current.show({ token: "tok", eventId: EVENT }));
    expect(result.current.current).toMatchObject({ offline: true, result: { stop: { message: STOP } } });
    await act(() => result.current.search("oc 7k3f9q"));
    expect(result.current.current).toMatchObject({ offline: true, result: { registration: { fullName: "Lola Menor" } } });
    expect(queued()).toEqual([]);
    expect(result.current.queue.pending).toEqual([]);
  });

  it("stops a minor chosen from search results, and keeps an adult's arrival for later", async () => {
    mockFetch({
      "GET /api/check-ins/search": () => ({
        status: 200,
        body: { items: [item(MINOR, "Lola Menor", "pending"), item(ADULT, "Ana Adulta", "not_required")] },
      }),
    });
    const { result } = renderDoor();
    await act(() => result.current.search("a"));
    expect(result.current.results).toHaveLength(2);

    goOffline();
    await act(() => result.current.show({ registrationId: MINOR, eventId: EVENT }, "Lola Menor"));
    expect(result.current.current).toBeNull();
    expect(result.current.notice).toBe(`Lola Menor: ${STOP}`);
    expect(queued()).toEqual([]);

    await act(() => result.current.show({ registrationId: ADULT, eventId: EVENT }, "Ana Adulta"));
    expect(result.current.notice).toBe("Sin conexión: llegada guardada, se envía al volver la conexión.");
    expect(result.current.queue.pending.map((kept) => kept.label)).toEqual(["Ana Adulta"]);
  });
});
