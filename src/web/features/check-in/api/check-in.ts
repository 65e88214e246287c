import type { ArrivalsResponse, CheckInRequest, CheckInResponse, CheckInSearchResponse } from "@common/schemas/check-ins";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** POST /api/check-ins: records the arrival (once, whichever phone is first). */
export function checkIn(body: CheckInRequest): Promise<CheckInResponse> {
  return api<CheckInResponse>("/api/check-ins", { method: "POST", body });
}

/** POST /api/check-ins/preview: who it is and the warnings; nothing recorded. */
export function previewCheckIn(body: CheckInRequest): Promise<CheckInResponse> {
  return api<CheckInResponse>("/api/check-ins/preview", { method: "POST", body });
}

export function searchCheckIns(eventId: string, q: string): Promise<CheckInSearchResponse> {
  const search = new URLSearchParams({ eventId, q });
  return api<CheckInSearchResponse>(`/api/check-ins/search?${search.toString()}`);
}

/** How often each phone asks for the arrivals: other phones' check-ins show within this. */
export const ARRIVALS_REFRESH_MS = 3000;

export const arrivalsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ["events", eventId, "arrivals"],
    queryFn: ({ signal }) => api<ArrivalsResponse>(`/api/events/${eventId}/arrivals`, { signal }),
    refetchInterval: ARRIVALS_REFRESH_MS,
    // The door keeps counting while the phone shows another app for a moment.
    refetchIntervalInBackground: true,
  });

export function useArrivals(eventId: string) {
  return useQuery({ ...arrivalsQueryOptions(eventId), enabled: eventId !== "" });
}
