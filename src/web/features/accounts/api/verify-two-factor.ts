import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { sessionQueryOptions } from "./get-session";

export interface VerifyTwoFactorInput {
  method: "totp" | "backup";
  code: string;
}

/** The second step of a sign-in (or of enrolment, for totp): a code from the app or a backup code. */
async function verifyTwoFactor({ method, code }: VerifyTwoFactorInput): Promise<void> {
  const path = method === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code";
  await api(path, { method: "POST", body: { code } });
}

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: async () => {
      await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    },
  });
}
