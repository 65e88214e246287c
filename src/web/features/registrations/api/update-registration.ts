import type { RegistrationEdit, RegistrationListItem } from "@common/schemas/registrations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { eventsQueryOptions } from "@web/features/events";
import { registrationQueryOptions } from "./get-registration";
import { registrationsQueryOptions } from "./list-registrations";

async function updateRegistration({ id, values }: { id: string; values: RegistrationEdit }): Promise<RegistrationListItem> {
  return api<RegistrationListItem>(`/api/registrations/${encodeURIComponent(id)}`, { method: "PATCH", body: values });
}

/** Saves the edit form. */
export function useUpdateRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegistration,
    onSuccess: async (_data, { id }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: registrationQueryOptions(id).queryKey }),
        // A slot move changes the spots the events screens show.
        queryClient.invalidateQueries({ queryKey: eventsQueryOptions().queryKey }),
      ]);
    },
  });
}
