import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** POST /api/public/privacy/request: the same answer whether or not the address has registrations. */
export function useRequestAccess() {
  return useMutation({
    mutationFn: (email: string) => api<{ queued: true }>("/api/public/privacy/request", { method: "POST", body: { email } }),
  });
}
