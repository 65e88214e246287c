import type { StaffWaitlist } from "@common/schemas/self-service";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** GET /api/events/:id/waitlist */
export const waitlistQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ["events", eventId, "waitlist"],
    queryFn: ({ signal }) => api<StaffWaitlist>(`/api/events/${encodeURIComponent(eventId)}/waitlist`, { signal }),
  });

export function useWaitlist(eventId: string) {
  return useQuery(waitlistQueryOptions(eventId));
}

/** POST /api/events/:id/waitlist/:entryId/offer (admin) */
export function useOfferSpot(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) =>
      api<StaffWaitlist>(`/api/events/${encodeURIComponent(eventId)}/waitlist/${encodeURIComponent(entryId)}/offer`, {
        method: "POST",
      }),
    onSuccess: (data) => queryClient.setQueryData(waitlistQueryOptions(eventId).queryKey, data),
  });
}

/** DELETE /api/events/:id/waitlist/:entryId (admin): the person leaves the line, and is told by e-mail. */
export function useRemoveFromWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) =>
      api<StaffWaitlist>(`/api/events/${encodeURIComponent(eventId)}/waitlist/${encodeURIComponent(entryId)}`, {
        method: "DELETE",
      }),
    onSuccess: (data) => queryClient.setQueryData(waitlistQueryOptions(eventId).queryKey, data),
    // Someone left meanwhile (409): the list as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: waitlistQueryOptions(eventId).queryKey }),
  });
}
