import type { RegistrationListItem, RegistrationListResponse, RegistrationReview } from "@common/schemas/registrations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { registrationsQueryOptions } from "./list-registrations";

export interface ReviewChange {
  id: string;
  change: RegistrationReview;
}

async function reviewRegistration({ id, change }: ReviewChange): Promise<RegistrationListItem> {
  return api<RegistrationListItem>(`/api/registrations/${encodeURIComponent(id)}`, { method: "PATCH", body: change });
}

/**
 * Liked, attended and rating (admins). The row shows the change at once; on failure it goes
 * back to what the server holds, and the caller shows the catalogue's alert.
 */
export function useReviewRegistration() {
  const queryClient = useQueryClient();
  const listKey = registrationsQueryOptions().queryKey;
  return useMutation({
    mutationFn: reviewRegistration,
    onMutate: async ({ id, change }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueriesData<RegistrationListResponse>({ queryKey: listKey });
      queryClient.setQueriesData<RegistrationListResponse>({ queryKey: listKey }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === id ? { ...item, ...change } : item)) } : page,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data));
    },
    // Filters may depend on what changed (e.g. 'Seleccionadas'): read the truth again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
