import type { SignUpRequest } from "@common/schemas/accounts";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api";

/** Creates a pending staff account; the server e-mails the verification link. No session starts. */
async function signUp(input: SignUpRequest): Promise<void> {
  await api("/api/auth/sign-up/email", { method: "POST", body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
