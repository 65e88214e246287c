import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { eventsQueryOptions } from "@web/features/events";
import { registrationsQueryOptions } from "./list-registrations";

async function deleteRegistration(id: string): Promise<void> {
  await api<void>(`/api/registrations/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegistration,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationsQueryOptions().queryKey }),
        // The events list shows each event's registration count.
        queryClient.invalidateQueries({ queryKey: eventsQueryOptions().queryKey }),
      ]),
  });
}
