import type { Profile, userResponseSchema } from "@common/schemas/accounts";
import type { z } from "zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { usersQueryOptions } from "./get-users";

async function approveUser(id: string): Promise<Profile> {
  const { user } = await api<z.infer<typeof userResponseSchema>>(`/api/users/${encodeURIComponent(id)}/approve`, {
    method: "POST",
    body: {},
  });
  return user;
}

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
