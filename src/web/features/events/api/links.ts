import type { CreateLinkInput, TrackedLink } from "@common/schemas/links";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** GET /api/events/:id/links (issue 38): the event's tracked links with their registrations. */
export const linksQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ["events", "links", eventId],
    queryFn: ({ signal }) => api<TrackedLink[]>(`/api/events/${encodeURIComponent(eventId)}/links`, { signal }),
  });

export function useLinks(eventId: string) {
  return useQuery(linksQueryOptions(eventId));
}

/** POST /api/events/:id/links */
export function useCreateLink(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLinkInput) =>
      api<TrackedLink>(`/api/events/${encodeURIComponent(eventId)}/links`, { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksQueryOptions(eventId).queryKey }),
  });
}

/** DELETE /api/links/:id */
export function useDeleteLink(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/links/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksQueryOptions(eventId).queryKey }),
  });
}
