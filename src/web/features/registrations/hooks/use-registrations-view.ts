import { SEARCH_DEBOUNCE_MS, STORAGE_KEYS } from "@common/constants";
import { pageCount } from "@common/pagination";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { useEventSummaries } from "@web/features/events";
import { readStorage, writeStorage } from "@web/lib/storage";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { useRegistrations, type RegistrationListParams } from "../api/list-registrations";
import type { FilterValues } from "../components/registrations-filters";
import {
  filterParamsOf,
  readRegistrationsUrl,
  writeRegistrationsUrl,
  type RegistrationsTab,
  type RegistrationsUrlState,
} from "./registrations-url";
import type { RegistrationsLayout } from "./use-registrations-layout";

/**
 * The event to show: the address's, else the one 'Ver registros' navigated with, else the last one
 * chosen on this device (docs/product.md §4). Once the events are known, one that is not among them counts
 * as none, and a staff member with a single event gets that one (issue 32).
 */
function useEventChoice(fromUrl: string, events: Array<{ id: string }> | undefined): string {
  const location = useLocation();
  const fromNavigation = (location.state as { eventId?: unknown } | null)?.eventId;
  const requested =
    fromUrl || (typeof fromNavigation === "string" ? fromNavigation : "") || (readStorage(STORAGE_KEYS.selectedEventId) ?? "");
  if (!events || events.some((event) => event.id === requested)) return requested;
  return events.length === 1 ? events[0]!.id : "";
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
 * The search box: what is typed shows at once; the address (and so the list) takes it once it has
 * stopped changing for SEARCH_DEBOUNCE_MS (docs/product.md §9), and the box follows the address when that
 * changes otherwise (the back button).
 */
function useSearchText(applied: string, apply: (q: string) => void) {
  const [text, setText] = useState(applied);
  const [seen, setSeen] = useState(applied);
  if (applied !== seen) {
    setSeen(applied);
    if (applied !== text.trim()) setText(applied);
  }
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  useEffect(() => {
    if (debounced !== applied) apply(debounced);
    // Only a new debounced text applies; `applied` changing on its own must not re-apply the old one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [text, setText] as const;
}

/**
 * The filters as last asked for, with the search as typed: what a download started right after a
 * change must use, before the router has committed the new address (it renders in a transition).
 */
function useRequestedFilterParams(latest: { current: RegistrationsUrlState }, search: string) {
  const typedSearch = useRef(search);
  useLayoutEffect(() => {
    typedSearch.current = search;
  });
  return () => filterParamsOf(latest.current.eventId, { ...latest.current.filters, search: typedSearch.current.trim() });
}

/**
 * What the registrations screen shows: the event, the filters, the page, the tab and the layout,
 * all kept in the address (issue 32: a reload, the back button and a shared link keep them), with
 * docs/product.md §4's rules: a change of filters or search goes back to page 1, and any change of filter,
 * page or page size clears the selection. The chosen event is also remembered on the device.
 */
export function useRegistrationsView() {
  const events = useEventSummaries();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const url = readRegistrationsUrl(searchParams);
  const eventId = useEventChoice(url.eventId, events.data);
  const current: RegistrationsUrlState = { ...url, eventId };
  // Changes build on the last one asked for, even before the page shows it (the router renders in a transition).
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });
  // A page the staff member is leaving for (a link clicked while its page loads) wins over a change
  // this screen makes on its own, such as a search whose debounce ends meanwhile.
  const navigation = useNavigation();
  const leaving = useRef(false);
  useLayoutEffect(() => {
    leaving.current = navigation.state !== "idle" && navigation.location.pathname !== location.pathname;
  });
  const navigate = (change: (state: RegistrationsUrlState) => Partial<RegistrationsUrlState>) => {
    if (leaving.current) return;
    latest.current = { ...latest.current, ...change(latest.current) };
    setSearchParams(writeRegistrationsUrl(latest.current), { replace: true });
  };
  const changeFilters = (change: Partial<FilterValues>) =>
    navigate((state) => ({ filters: { ...state.filters, ...change }, page: 1 }));

  // The address names the event shown (so a reload or a shared link shows it too), and the device remembers it.
  useEffect(() => {
    if (url.eventId !== eventId) navigate(() => ({ eventId }));
    writeStorage(STORAGE_KEYS.selectedEventId, eventId || null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId]);

  const [search, setSearch] = useSearchText(url.filters.search, (q) => changeFilters({ search: q }));
  const filters: FilterValues = { ...url.filters, search };

  // Whatever changes the list (filters, search, page, page size, event) clears the selection.
  const selection = useSelection();
  const listKey = JSON.stringify([eventId, url.filters, url.page, url.pageSize]);
  const [seenListKey, setSeenListKey] = useState(listKey);
  if (listKey !== seenListKey) {
    setSeenListKey(listKey);
    selection.clear();
  }

  const changeFiltersOrSearch = (change: Partial<FilterValues>) => {
    const { search: typed, ...others } = change;
    // What is typed waits for its debounce (useSearchText) before it reaches the address.
    if (typed !== undefined) setSearch(typed);
    if (Object.keys(others).length > 0) changeFilters(others);
  };
  const changeEvent = (id: string) => {
    // Remembered at once: choosing no event must not bring the remembered one back.
    writeStorage(STORAGE_KEYS.selectedEventId, id || null);
    navigate(() => ({ eventId: id, page: 1 }));
  };
  const changePage = (page: number) => navigate(() => ({ page }));
  const changePageSize = (pageSize: number) => navigate(() => ({ pageSize, page: 1 }));
  const changeTab = (tab: RegistrationsTab) => navigate(() => ({ tab }));
  const changeLayout = (layout: RegistrationsLayout) => navigate(() => ({ layout }));

  const filterParams = filterParamsOf(eventId, url.filters);
  const params: RegistrationListParams | null = eventId
    ? { ...filterParams, sort: url.filters.sort, page: url.page, pageSize: url.pageSize }
    : null;
  const list = useRegistrations(params);

  // After a delete empties the last page (or an address names a page past the end), step back to the last page.
  const lastPage = list.data ? pageCount(list.data.total, url.pageSize) : url.page;
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && url.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) navigate(() => ({ page: lastPage }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd, lastPage]);

  return {
    events,
    eventId,
    /** No event named yet, and the events still loading: the only one may be chosen once they arrive. */
    choosingEvent: !eventId && events.isPending,
    filters,
    filterParams,
    requestedFilterParams: useRequestedFilterParams(latest, search),
    page: url.page,
    pageSize: url.pageSize,
    tab: url.tab,
    layout: url.layout,
    list,
    selection,
    changeFilters: changeFiltersOrSearch,
    changeEvent,
    changePage,
    changePageSize,
    changeTab,
    changeLayout,
  };
}

export type RegistrationsView = ReturnType<typeof useRegistrationsView>;
