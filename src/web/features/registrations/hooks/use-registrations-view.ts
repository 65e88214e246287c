import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, STORAGE_KEYS } from "@common/constants";
import { pageCount } from "@common/pagination";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useEventSummaries } from "@web/features/events";
import { readStorage, writeStorage } from "@web/lib/storage";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { useRegistrations, type RegistrationListParams } from "../api/list-registrations";
import type { FilterValues } from "../components/registrations-filters";

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
};

/** The event to show first: the one 'Ver registros' navigated with, else the last one chosen. */
function useSelectedEventId() {
  const location = useLocation();
  const fromNavigation = (location.state as { eventId?: unknown } | null)?.eventId;
  const [eventId, setEventId] = useState<string>(() =>
    typeof fromNavigation === "string" ? fromNavigation : (readStorage(STORAGE_KEYS.selectedEventId) ?? ""),
  );
  useEffect(() => writeStorage(STORAGE_KEYS.selectedEventId, eventId || null), [eventId]);
  return [eventId, setEventId] as const;
}

/** The admin's selection of rows: a set of ids. */
function useSelection() {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const clear = () => setSelected(new Set());
  return { selected, setSelected, toggle, clear };
}

/**
 * What the registrations screen shows: the event, the filters, the page and the selection, with
 * SPEC.md §4's rules (a change of filters or search goes back to page 1; any change of filter,
 * page or page size clears the selection), and the list they select.
 */
export function useRegistrationsView() {
  const events = useEventSummaries();
  const [storedEventId, setEventId] = useSelectedEventId();
  // A remembered event that no longer exists counts as no choice.
  const eventId = events.data && !events.data.some((e) => e.id === storedEventId) ? "" : storedEventId;
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const selection = useSelection();

  const q = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const [appliedQ, setAppliedQ] = useState(q);
  if (q !== appliedQ) {
    setAppliedQ(q);
    setPage(1);
    selection.clear();
  }
  const restart = () => {
    setPage(1);
    selection.clear();
  };
  const changeFilters = (change: Partial<FilterValues>) => {
    setFilters((current) => ({ ...current, ...change }));
    // The search waits for its debounce (above).
    if (change.search === undefined) restart();
  };
  const changeEvent = (id: string) => {
    setEventId(id);
    restart();
  };
  const changePage = (next: number) => {
    setPage(next);
    selection.clear();
  };
  const changePageSize = (size: number) => {
    setPageSize(size);
    restart();
  };

  const filterParams = {
    eventId,
    liked: filters.liked,
    attended: filters.attended,
    noShow: filters.noShow,
    rating: filters.rating,
    q: appliedQ,
    stage: filters.stage,
    tag: filters.tag,
    unscoredByMe: filters.unscoredByMe,
    panelMin: filters.panelMin,
    guardianPending: Boolean(filters.guardianPending),
  };
  const params: RegistrationListParams | null = eventId ? { ...filterParams, sort: filters.sort, page, pageSize } : null;
  const list = useRegistrations(params);

  // After a delete empties the last page, step back to the new last page.
  const lastPage = list.data ? pageCount(list.data.total, pageSize) : page;
  if (list.data && !list.isPlaceholderData && page > lastPage) setPage(lastPage);

  return {
    events,
    eventId,
    filters,
    filterParams,
    page,
    pageSize,
    list,
    selection,
    changeFilters,
    changeEvent,
    changePage,
    changePageSize,
  };
}

export type RegistrationsView = ReturnType<typeof useRegistrationsView>;
