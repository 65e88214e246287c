import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api";

async function resendVerification(id: string): Promise<void> {
  await api<{ queued: true }>(`/api/registrations/${encodeURIComponent(id)}/resend-verification`, { method: "POST" });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
