import type { SignInInput } from "@common/schemas/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { sessionQueryOptions } from "./get-session";

export interface SignInResult {
  /** The account has two-factor sign-in: a code is asked next (see verify-two-factor.ts). */
  twoFactorRedirect?: boolean;
}

async function signIn(input: SignInInput): Promise<SignInResult> {
  return api<SignInResult>("/api/auth/sign-in/email", { method: "POST", body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (result) => {
      if (!result.twoFactorRedirect) await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    },
  });
}
