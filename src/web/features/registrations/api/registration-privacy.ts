import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { registrationsQueryOptions } from "./list-registrations";

/** GET /api/registrations/:id/export: the person's data, one zip (admins; audited). */
export const registrationExportUrl = (id: string) => `/api/registrations/${encodeURIComponent(id)}/export`;

/** POST /api/registrations/:id/erase: final (admins; audited). */
export function useEraseRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/registrations/${encodeURIComponent(id)}/erase`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationsQueryOptions().queryKey }),
  });
}

/** PUT /api/registrations/:id/keep: kept past the retention period, or not. */
export function useKeepRegistration(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keep: boolean) =>
      api<{ retentionKeep: boolean }>(`/api/registrations/${encodeURIComponent(id)}/keep`, { method: "PUT", body: { keep } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["registrations", "detail", id] }),
  });
}
