import type { SessionResponse } from "@common/schemas/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { sessionQueryOptions } from "@web/features/accounts";
import { api, ApiError } from "@web/lib/api";
import { clearStorageExceptTheme } from "@web/lib/storage";

/** Where a volunteer lands: the pass's page, which signs in from the link and says when they left. */
export const DOOR_PATH = "/door";

/**
 * POST /api/door-passes/sign-in: the pass's secret from its link for a session cookie scoped to the
 * pass's event. The reply is GET /api/session's, with `user.pass` set.
 */
export function useDoorPassSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<SessionResponse>("/api/door-passes/sign-in", { method: "POST", body: { token } }),
    onSuccess: ({ user }) => {
      // Whatever an account on this device had read is not the volunteer's to see.
      client.clear();
      client.setQueryData(sessionQueryOptions().queryKey, user);
    },
  });
}

/** POST /api/door-passes/sign-out ('Salir'): the phone is nobody's again, its stored data gone. */
export function useDoorPassSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await api("/api/door-passes/sign-out", { method: "POST", body: {} });
      } catch (error) {
        // A pass already revoked or expired is signed out all the same.
        if (!(error instanceof ApiError && [401, 403, 404].includes(error.status))) throw error;
      }
    },
    onSettled: () => {
      clearStorageExceptTheme();
      client.clear();
      client.setQueryData(sessionQueryOptions().queryKey, null);
      void navigate(DOOR_PATH, { replace: true, state: { signedOut: true } });
    },
  });
}
