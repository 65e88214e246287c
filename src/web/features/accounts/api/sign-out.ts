import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { api, ApiError } from "@web/lib/api";
import { clearStorageExceptTheme } from "@web/lib/storage";
import { sessionQueryOptions } from "./get-session";

const CHANNEL = "opencall-auth";

/** Ends the session on the server (404/401/403 ignored, docs/product.md §8), clears local state and tells other tabs. */
async function signOut(): Promise<void> {
  try {
    await api("/api/auth/sign-out", { method: "POST", body: {} });
  } catch (error) {
    if (!(error instanceof ApiError && [401, 403, 404].includes(error.status))) throw error;
  }
}

function broadcastSignOut() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage("signed-out");
  channel.close();
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      clearStorageExceptTheme();
      broadcastSignOut();
      queryClient.clear();
      queryClient.setQueryData(sessionQueryOptions().queryKey, null);
      void navigate("/login", { replace: true });
    },
  });
}

/** Signs this tab out when another tab signs out. */
export function useSignOutListener() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event) => {
      if (event.data !== "signed-out") return;
      queryClient.clear();
      queryClient.setQueryData(sessionQueryOptions().queryKey, null);
      void navigate("/login", { replace: true });
    };
    return () => channel.close();
  }, [queryClient, navigate]);
}
