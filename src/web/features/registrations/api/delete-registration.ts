import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { registrationsQueryOptions } from "./list-registrations";

async function deleteRegistration(id: string): Promise<void> {
  await api<void>(`/api/registrations/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegistration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationsQueryOptions().queryKey }),
  });
}
