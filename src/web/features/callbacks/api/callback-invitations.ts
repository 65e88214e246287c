import type {
  CallbackInvitations,
  CallbackInviteBody,
  CallbackInviteResult,
  CallbackRemindResult,
} from "@common/schemas/callbacks";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";

const path = (callbackId: string) => `/api/events/${encodeURIComponent(callbackId)}/callback-invitations`;

/** A callback's invitations with their answers (issue 36). */
export const callbackInvitationsQueryOptions = (callbackId: string) =>
  queryOptions({
    queryKey: ["callbacks", "invitations", callbackId],
    queryFn: ({ signal }) => api<CallbackInvitations>(path(callbackId), { signal }),
  });

export function useCallbackInvitations(callbackId: string) {
  return useQuery(callbackInvitationsQueryOptions(callbackId));
}

/** Invites registrants of the open call to the callback: one e-mail each. */
export function useInviteToCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callbackId, body }: { callbackId: string; body: CallbackInviteBody }) =>
      api<CallbackInviteResult>(path(callbackId), { method: "POST", body }),
    onSuccess: (_result, { callbackId }) =>
      queryClient.invalidateQueries({ queryKey: callbackInvitationsQueryOptions(callbackId).queryKey }),
  });
}

/** The one reminder to those who did not answer. */
export function useRemindCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callbackId: string) => api<CallbackRemindResult>(`${path(callbackId)}/remind`, { method: "POST" }),
    onSuccess: (_result, callbackId) =>
      queryClient.invalidateQueries({ queryKey: callbackInvitationsQueryOptions(callbackId).queryKey }),
  });
}
