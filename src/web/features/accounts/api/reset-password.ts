import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** Sets a new password with the e-mailed token; the server ends every session of the account. */
async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await api("/api/auth/reset-password", { method: "POST", body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
