import type { resendVerificationResponseSchema } from "@common/schemas/registrations";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@web/lib/api";

async function resendVerification(id: string): Promise<void> {
  await api<z.infer<typeof resendVerificationResponseSchema>>(
    `/api/registrations/${encodeURIComponent(id)}/resend-verification`,
    { method: "POST" },
  );
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
