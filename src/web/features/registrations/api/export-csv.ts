import { filterSearchParams, type RegistrationListParams } from "./list-registrations";

/**
 * The export is a plain download link: the browser streams scouting.csv to disk with the session
 * cookie, so a large event never passes through the page's memory.
 */
export function exportAllCsvUrl(params: Omit<RegistrationListParams, "page" | "pageSize" | "sort">): string {
  return `/api/registrations/export.csv?${filterSearchParams(params).toString()}`;
}

export function exportSelectedCsvUrl(ids: Iterable<string>): string {
  return `/api/registrations/export.csv?${new URLSearchParams({ ids: [...ids].join(",") }).toString()}`;
}
