import type { Role } from "@common/permissions";
import type { Profile, UserRoleInput, userResponseSchema } from "@common/schemas/accounts";
import type { z } from "zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { usersQueryOptions } from "./get-users";

async function setUserRole({ id, role }: { id: string; role: Role }): Promise<Profile> {
  const body: UserRoleInput = { role };
  const { user } = await api<z.infer<typeof userResponseSchema>>(`/api/users/${encodeURIComponent(id)}/role`, {
    method: "PUT",
    body,
  });
  return user;
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
