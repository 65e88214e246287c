import type { RegistrationStage } from "@common/constants";
import type { RegistrationListResponse } from "@common/schemas/registrations";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

export interface RegistrationListParams {
  eventId: string;
  liked: boolean;
  attended: boolean;
  /** 'No vinieron' (issue 20). */
  noShow: boolean;
  rating: number | null;
  q: string;
  /** The panel's (issue 23). */
  stage: RegistrationStage | null;
  tag: string | null;
  unscoredByMe: boolean;
  panelMin: number | null;
  sort: "recent" | "panel";
  /** 'Falta autorización' (issue 18). */
  guardianPending?: boolean;
  /** Leaves out the cancelled registrations and those whose e-mail is not verified (issue 32). */
  hideUnconfirmed?: boolean;
  page: number;
  pageSize: number;
}

/** The query string of the list's filters; shared with the CSV link so both select the same rows. */
export function filterSearchParams(params: Omit<RegistrationListParams, "page" | "pageSize" | "sort">): URLSearchParams {
  const search = new URLSearchParams();
  if (params.eventId) search.set("eventId", params.eventId);
  if (params.liked) search.set("liked", "true");
  if (params.attended) search.set("attended", "true");
  if (params.noShow) search.set("noShow", "true");
  if (params.rating !== null) search.set("rating", String(params.rating));
  if (params.q.trim()) search.set("q", params.q.trim());
  if (params.stage) search.set("stage", params.stage);
  if (params.tag) search.set("tag", params.tag);
  if (params.unscoredByMe) search.set("unscoredByMe", "true");
  if (params.panelMin !== null) search.set("panelMin", String(params.panelMin));
  if (params.guardianPending) search.set("guardianStatus", "pending");
  if (params.hideUnconfirmed) search.set("hideUnconfirmed", "true");
  return search;
}

async function listRegistrations(params: RegistrationListParams, signal?: AbortSignal): Promise<RegistrationListResponse> {
  const search = filterSearchParams(params);
  search.set("page", String(params.page));
  search.set("pageSize", String(params.pageSize));
  if (params.sort !== "recent") search.set("sort", params.sort);
  return api<RegistrationListResponse>(`/api/registrations?${search.toString()}`, { signal });
}

export const registrationsQueryOptions = (params?: RegistrationListParams) =>
  queryOptions({
    queryKey: params ? ["registrations", "list", params] : ["registrations", "list"],
    queryFn: ({ signal }) => listRegistrations(params as RegistrationListParams, signal),
    // Keep the current page on screen while the next one loads (no flash of the empty state).
    placeholderData: keepPreviousData,
  });

export function useRegistrations(params: RegistrationListParams | null) {
  return useQuery({ ...registrationsQueryOptions(params ?? undefined), enabled: params !== null });
}
