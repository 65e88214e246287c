import type { ForgotPasswordInput } from "@common/schemas/accounts";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  await api("/api/auth/request-password-reset", { method: "POST", body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
