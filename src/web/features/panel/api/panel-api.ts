/** The review panel's calls (issue 23): scores, stages, tags, the notes and the stage history. */
import type { RegistrationStage } from "@common/constants";
import type { MyScoreInput, RegistrationPanel, Tag, TagListResponse } from "@common/schemas/panel";
import type { RegistrationListItem, RegistrationListResponse } from "@common/schemas/registrations";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";

const LIST_KEY = ["registrations", "list"] as const;
const TAGS_KEY = ["tags"] as const;
export const panelKey = (id: string) => ["registrations", "panel", id] as const;

/** Puts the server's row into every cached page at once, then reads the lists again (filters may drop it). */
function putRow(queryClient: QueryClient, row: RegistrationListItem) {
  queryClient.setQueriesData<RegistrationListResponse>({ queryKey: LIST_KEY }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.id === row.id ? row : item)) } : page,
  );
  void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  void queryClient.invalidateQueries({ queryKey: panelKey(row.id) });
}

const path = (id: string, suffix: string) => `/api/registrations/${encodeURIComponent(id)}/${suffix}`;

export function useMyScore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MyScoreInput & { id: string }) =>
      api<RegistrationListItem>(path(id, "my-score"), { method: "PUT", body }),
    onSuccess: (row) => putRow(queryClient, row),
  });
}

export function useStageChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, stage }: { id: string; stage: RegistrationStage }) =>
      api<RegistrationListItem>(path(id, "stage"), { method: "POST", body: { stage } }),
    onSuccess: (row) => putRow(queryClient, row),
  });
}

export function useRegistrationTagsChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tagIds }: { id: string; tagIds: string[] }) =>
      api<RegistrationListItem>(path(id, "tags"), { method: "PUT", body: { tagIds } }),
    onSuccess: (row) => putRow(queryClient, row),
  });
}

export function useRegistrationPanel(id: string | null) {
  return useQuery({
    queryKey: panelKey(id ?? ""),
    queryFn: ({ signal }) => api<RegistrationPanel>(path(id ?? "", "panel"), { signal }),
    enabled: id !== null,
  });
}

export function useTags() {
  return useQuery({
    queryKey: TAGS_KEY,
    queryFn: async ({ signal }) => (await api<TagListResponse>("/api/tags", { signal })).items,
  });
}

/** Admins define the agency's tags; a change shows in every list row too. */
export function useTagAdmin() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: TAGS_KEY });
    void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  };
  return {
    create: useMutation({
      mutationFn: (name: string) => api<Tag>("/api/tags", { method: "POST", body: { name } }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: Tag) => api<Tag>(`/api/tags/${encodeURIComponent(id)}`, { method: "PATCH", body: { name } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<void>(`/api/tags/${encodeURIComponent(id)}`, { method: "DELETE" }),
      onSuccess: refresh,
    }),
  };
}
