/**
 * Two-factor enrolment and management (better-auth's endpoints), for the signed-in user.
 * One mutation per operation; all of them refresh the status query.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionResponse } from "@common/schemas/accounts";
import { api } from "@web/lib/api";

async function getTwoFactorStatus(signal?: AbortSignal): Promise<{ enabled: boolean }> {
  const session = await api<SessionResponse>("/api/session", { signal });
  return { enabled: session.user?.twoFactorEnabled === true };
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: ["two-factor-status"], queryFn: ({ signal }) => getTwoFactorStatus(signal) });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}

export interface TwoFactorEnrolment {
  totpURI: string;
  backupCodes: string[];
}

function useInvalidatingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey }),
  });
}

/** Step 1: the password; the answer holds the secret (as an otpauth URI) and the backup codes. */
export function useEnableTwoFactor() {
  return useInvalidatingMutation((input: { password: string }) =>
    api<TwoFactorEnrolment>("/api/auth/two-factor/enable", { method: "POST", body: input }),
  );
}

/** Step 2: a code from the app proves the enrolment; only then is two-factor sign-in on. */
export function useConfirmTwoFactor() {
  return useInvalidatingMutation((input: { code: string }) =>
    api("/api/auth/two-factor/verify-totp", { method: "POST", body: input }),
  );
}

export function useDisableTwoFactor() {
  return useInvalidatingMutation((input: { password: string }) =>
    api("/api/auth/two-factor/disable", { method: "POST", body: input }),
  );
}

export function useGenerateBackupCodes() {
  return useInvalidatingMutation((input: { password: string }) =>
    api<{ backupCodes: string[] }>("/api/auth/two-factor/generate-backup-codes", { method: "POST", body: input }),
  );
}
