/**
 * The registrations screen's state as the address bar holds it (issue 32): the event, the filters,
 * the page, the page size, the order, the tab and the list's layout, so a reload, the back button
 * and a shared link show the same list. The names and values are the API's (GET /api/registrations),
 * each read with the API's own rule; a value the rule refuses counts as not given.
 */
import { DEFAULT_PAGE_SIZE } from "@common/constants";
import { registrationListQuerySchema } from "@common/schemas/registrations";
import type { z } from "zod";
import { filterSearchParams, type RegistrationListParams } from "../api/list-registrations";
import type { FilterValues } from "../components/registrations-filters";
import { REGISTRATIONS_LAYOUTS, type RegistrationsLayout } from "./use-registrations-layout";

export const REGISTRATIONS_TABS = ["registrations", "history", "waitlist"] as const;
export type RegistrationsTab = (typeof REGISTRATIONS_TABS)[number];

export interface RegistrationsUrlState {
  /** "" when none is named. */
  eventId: string;
  /** `search` is the applied search (`q`). */
  filters: FilterValues;
  page: number;
  pageSize: number;
  tab: RegistrationsTab;
  /** Null when the address does not say: the staff member's remembered layout applies. */
  layout: RegistrationsLayout | null;
}

const NO_FILTERS: FilterValues = {
  liked: false,
  attended: false,
  noShow: false,
  rating: null,
  search: "",
  stage: null,
  tag: null,
  unscoredByMe: false,
  panelMin: null,
  sort: "recent",
  guardianPending: false,
  hideUnconfirmed: false,
};

/** Whether any filter narrows the list (the order does not). */
export function hasActiveFilters(filters: FilterValues): boolean {
  return (Object.keys(NO_FILTERS) as Array<keyof FilterValues>).some(
    (key) =>
      key !== "sort" && (key === "search" ? filters.search.trim() !== "" : Boolean(filters[key]) !== Boolean(NO_FILTERS[key])),
  );
}

const shape = registrationListQuerySchema.shape;

/** The value of `key` by the API's rule for it, or undefined when absent or refused. */
function read<K extends keyof typeof shape>(params: URLSearchParams, key: K): z.output<(typeof shape)[K]> | undefined {
  const raw = params.get(key);
  if (raw === null) return undefined;
  const parsed = shape[key].safeParse(raw);
  return parsed.success ? (parsed.data as z.output<(typeof shape)[K]>) : undefined;
}

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null =>
  values.find((value) => value === raw) ?? null;

export function readRegistrationsUrl(params: URLSearchParams): RegistrationsUrlState {
  return {
    eventId: read(params, "eventId") ?? "",
    filters: {
      liked: read(params, "liked") ?? false,
      attended: read(params, "attended") ?? false,
      noShow: read(params, "noShow") ?? false,
      rating: read(params, "rating") ?? null,
      search: read(params, "q") ?? "",
      stage: read(params, "stage") ?? null,
      tag: read(params, "tag") ?? null,
      unscoredByMe: read(params, "unscoredByMe") ?? false,
      panelMin: read(params, "panelMin") ?? null,
      sort: read(params, "sort") ?? "recent",
      guardianPending: read(params, "guardianStatus") === "pending",
      hideUnconfirmed: read(params, "hideUnconfirmed") ?? false,
    },
    page: read(params, "page") ?? 1,
    pageSize: read(params, "pageSize") ?? DEFAULT_PAGE_SIZE,
    tab: oneOf(REGISTRATIONS_TABS, params.get("tab")) ?? "registrations",
    layout: oneOf(REGISTRATIONS_LAYOUTS, params.get("view")),
  };
}

/** The list's filters as the API takes them. */
export function filterParamsOf(eventId: string, f: FilterValues): Omit<RegistrationListParams, "page" | "pageSize" | "sort"> {
  return {
    eventId,
    liked: f.liked,
    attended: f.attended,
    noShow: f.noShow,
    rating: f.rating,
    q: f.search,
    stage: f.stage,
    tag: f.tag,
    unscoredByMe: f.unscoredByMe,
    panelMin: f.panelMin,
    guardianPending: f.guardianPending,
    hideUnconfirmed: f.hideUnconfirmed,
  };
}

/** The address's query for `state`: what is at its default is left out. */
export function writeRegistrationsUrl(state: RegistrationsUrlState): URLSearchParams {
  const params = filterSearchParams(filterParamsOf(state.eventId, state.filters));
  if (state.filters.sort !== "recent") params.set("sort", state.filters.sort);
  if (state.page !== 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  if (state.tab !== "registrations") params.set("tab", state.tab);
  if (state.layout) params.set("view", state.layout);
  return params;
}
