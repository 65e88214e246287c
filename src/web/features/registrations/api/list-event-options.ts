import type { RegistrationEventOption } from "@common/schemas/registrations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

async function listEventOptions(signal?: AbortSignal): Promise<RegistrationEventOption[]> {
  const { items } = await api<{ items: RegistrationEventOption[] }>("/api/registrations/events", { signal });
  return items;
}

export const eventOptionsQueryOptions = () =>
  queryOptions({ queryKey: ["registrations", "event-options"], queryFn: ({ signal }) => listEventOptions(signal) });

export function useEventOptions() {
  return useQuery(eventOptionsQueryOptions());
}
