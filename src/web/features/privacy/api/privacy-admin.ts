import type { AuditResponse, PrivacyNotice, PrivacySettings, RetentionPreview } from "@common/schemas/privacy";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";

export const noticeQuery = () =>
  queryOptions({
    queryKey: ["privacy", "notice"],
    queryFn: ({ signal }) => api<PrivacyNotice>("/api/public/privacy-notice", { signal }),
  });
export const settingsQuery = () =>
  queryOptions({
    queryKey: ["privacy", "settings"],
    queryFn: ({ signal }) => api<PrivacySettings>("/api/privacy/settings", { signal }),
  });
export const previewQuery = () =>
  queryOptions({
    queryKey: ["privacy", "preview"],
    queryFn: ({ signal }) => api<RetentionPreview>("/api/privacy/retention/preview", { signal }),
  });
export const auditQuery = (search: string) =>
  queryOptions({
    queryKey: ["audit", search],
    queryFn: ({ signal }) => api<AuditResponse>(`/api/audit?${search}`, { signal }),
    retry: false,
  });

export const useNotice = () => useQuery(noticeQuery());
export const useRetentionPreview = () => useQuery(previewQuery());
export const useAudit = (search: string) => useQuery(auditQuery(search));
export const usePrivacySettings = (enabled: boolean) => useQuery({ ...settingsQuery(), enabled });

export function usePublishNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { textEs: string; textEn: string }) =>
      api<PrivacyNotice>("/api/privacy/notices", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: noticeQuery().queryKey }),
  });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacySettings) => api<PrivacySettings>("/api/privacy/settings", { method: "PUT", body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: settingsQuery().queryKey }),
        client.invalidateQueries({ queryKey: previewQuery().queryKey }),
      ]),
  });
}

export function useKeep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/registrations/${encodeURIComponent(id)}/keep`, { method: "PUT", body: { keep: true } }),
    onSuccess: () => client.invalidateQueries({ queryKey: previewQuery().queryKey }),
  });
}
