import type { CreateAdminInput, CreateAdminResult } from "@common/schemas/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { usersQueryOptions } from "./get-users";

async function createAdmin(input: CreateAdminInput): Promise<CreateAdminResult> {
  return api<CreateAdminResult>("/api/users/admins", { method: "POST", body: input });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
