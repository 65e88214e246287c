import type { CreatedToken, CreateTokenInput } from "@common/schemas/tokens";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { tokensQuery } from "./list-tokens";

/** POST /api/tokens: the reply carries the token itself, this once. */
export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: CreateTokenInput) => api<CreatedToken>("/api/tokens", { method: "POST", body: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensQuery().queryKey }),
  });
}
