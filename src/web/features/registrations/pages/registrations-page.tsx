import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, STORAGE_KEYS } from "@common/constants";
import { pageCount } from "@common/pagination";
import { isAdmin as isAdminRole } from "@common/roles";
import type { RegistrationListItem, RegistrationReview } from "@common/schemas/registrations";
import { registrations as t } from "@common/texts/registrations";
import { campaigns as campaignTexts } from "@common/texts/campaigns";
import { useQueryClient } from "@tanstack/react-query";
import { Download, Mail, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { Alert, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useSession } from "@web/features/accounts/api/get-session";
import { CampaignBadge } from "@web/features/campaigns/components/campaign-badge";
import { CampaignHistory } from "@web/features/campaigns/components/campaign-history";
import { SendCampaignDialog } from "@web/features/campaigns/components/send-campaign-dialog";
import { useCampaignJump } from "@web/features/campaigns/components/use-campaign-jump";
import { useEventSummaries } from "@web/features/events/api/get-event-summaries";
import { ApiError } from "@web/lib/api";
import { readStorage, writeStorage } from "@web/lib/storage";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { useDeleteRegistration } from "../api/delete-registration";
import { exportAllCsvUrl, exportSelectedCsvUrl } from "../api/export-csv";
import { registrationsQueryOptions, useRegistrations, type RegistrationListParams } from "../api/list-registrations";
import { useResendVerification } from "../api/resend-verification";
import { useReviewRegistration } from "../api/review-registration";
import { DeleteRegistrationDialog } from "../components/delete-registration-dialog";
import { PaginationBar } from "../components/pagination-bar";
import { RegistrationRow } from "../components/registration-row";
import { RegistrationSheetButton } from "../components/registration-sheet-button";
import { RegistrationsFilters, type FilterValues } from "../components/registrations-filters";
import { SelectionBar } from "../components/selection-bar";

const NO_FILTERS: FilterValues = { liked: false, attended: false, rating: null, search: "" };

function reviewFailure(change: RegistrationReview): string {
  if (change.liked !== undefined) return t.messages.likedFailed;
  if (change.attended !== undefined) return t.messages.attendedFailed;
  return t.messages.ratingFailed;
}

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

export function RegistrationsPage() {
  const session = useSession();
  const isAdmin = session.data ? isAdminRole(session.data.role) : false;
  const events = useEventSummaries();
  const [storedEventId, setEventId] = useSelectedEventId();
  // A remembered event that no longer exists counts as no choice.
  const eventId = events.data && !events.data.some((e) => e.id === storedEventId) ? "" : storedEventId;

  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [deleting, setDeleting] = useState<RegistrationListItem | null>(null);
  const [tab, setTab] = useState("registrations");
  const [composing, setComposing] = useState(false);
  const { jump, jumpTo } = useCampaignJump();
  const queryClient = useQueryClient();

  // SPEC.md §4: a change of filters or search goes back to page 1; any change clears the selection.
  const q = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const [appliedQ, setAppliedQ] = useState(q);
  if (q !== appliedQ) {
    setAppliedQ(q);
    setPage(1);
    setSelected(new Set());
  }
  const changeFilters = (change: Partial<FilterValues>) => {
    setFilters((current) => ({ ...current, ...change }));
    if (change.search === undefined) {
      setPage(1);
      setSelected(new Set());
    }
  };
  const changeEvent = (id: string) => {
    setEventId(id);
    setPage(1);
    setSelected(new Set());
  };
  const changePage = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };
  const changePageSize = (size: number) => {
    setPageSize(size);
    setPage(1);
    setSelected(new Set());
  };

  const filterParams = { eventId, liked: filters.liked, attended: filters.attended, rating: filters.rating, q: appliedQ };
  const params: RegistrationListParams | null = eventId ? { ...filterParams, page, pageSize } : null;
  const list = useRegistrations(params);
  const review = useReviewRegistration();
  const remove = useDeleteRegistration();
  const resend = useResendVerification();

  // After a delete empties the last page, step back to the new last page.
  const lastPage = list.data ? pageCount(list.data.total, pageSize) : page;
  if (list.data && !list.isPlaceholderData && page > lastPage) setPage(lastPage);

  const items = list.data?.items ?? [];
  const pageIds = items.map((item) => item.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id));

  const onReview = (id: string, change: RegistrationReview) =>
    review.mutate(
      { id, change },
      {
        onError: (error) => {
          console.warn("review update failed", error);
          toast.error(reviewFailure(change));
        },
      },
    );

  const onResend = (id: string) =>
    resend.mutate(id, {
      onSuccess: () => toast.success(t.messages.resent),
      onError: (error) => {
        console.warn("resend verification failed", error);
        toast.error(t.messages.resendFailed);
      },
    });

  // SPEC.md §4: after a batch is sent the selection clears and the history tab opens.
  const onCampaignSent = () => {
    setSelected(new Set());
    setTab("history");
    // The rows' 'Incluido en N campaña(s)…' badges count the new campaign.
    void queryClient.invalidateQueries({ queryKey: registrationsQueryOptions().queryKey });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => {
        toast.success(t.messages.deleted);
        setSelected((current) => {
          const next = new Set(current);
          next.delete(target.id);
          return next;
        });
      },
      onError: (error) => {
        console.warn("delete registration failed", error);
        const denied = error instanceof ApiError && (error.status === 403 || error.status === 404);
        toast.error(denied ? t.messages.deleteDenied : t.messages.deleteFailed(error.message));
      },
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="grid gap-6 pb-24">
      <PageHeader
        className="mb-0"
        title={t.heading(eventId ? list.data?.total : undefined)}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => {
                void events.refetch();
                if (eventId) void list.refetch();
              }}
              disabled={list.isFetching}
            >
              <RefreshCw className={list.isFetching ? "motion-safe:animate-spin" : undefined} aria-hidden="true" />
              {t.refresh}
            </Button>
            {isAdmin ? (
              eventId ? (
                <Button asChild title={t.downloadAllHint}>
                  <a href={exportAllCsvUrl(filterParams)} download>
                    <Download aria-hidden="true" />
                    {t.downloadAll}
                  </a>
                </Button>
              ) : (
                <Button disabled title={t.downloadAllHint}>
                  <Download aria-hidden="true" />
                  {t.downloadAll}
                </Button>
              )
            ) : null}
          </>
        }
      />

      <RegistrationsFilters
        events={events.data}
        eventsFailed={events.isError}
        eventId={eventId}
        onEventChange={changeEvent}
        filters={filters}
        onFiltersChange={changeFilters}
        selectAll={
          isAdmin
            ? {
                checked: pageIds.length > 0 && selectedOnPage.length === pageIds.length,
                indeterminate: selectedOnPage.length > 0 && selectedOnPage.length < pageIds.length,
                disabled: pageIds.length === 0,
                onChange: (checked) => setSelected(checked ? new Set(pageIds) : new Set()),
              }
            : undefined
        }
      />

      <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
        <TabsList className="w-fit">
          <TabsTrigger value="registrations">{t.tabs.registrations}</TabsTrigger>
          <TabsTrigger value="history">{t.tabs.history}</TabsTrigger>
        </TabsList>
        <TabsContent value="registrations" className="grid gap-4">
          {!eventId ? (
            <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">{t.empty.noEvent}</p>
          ) : list.isPending ? (
            <Loading text={t.loading} />
          ) : list.isError ? (
            <Alert variant="destructive">
              <AlertTitle>{t.loadError}</AlertTitle>
              <p>{list.error.message}</p>
            </Alert>
          ) : items.length === 0 ? (
            <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">{t.empty.noResults}</p>
          ) : (
            <ul className="grid gap-3" aria-busy={list.isFetching}>
              {items.map((item) => (
                <RegistrationRow
                  key={item.id}
                  registration={item}
                  isAdmin={isAdmin}
                  selected={selected.has(item.id)}
                  onSelectedChange={(checked) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (checked) next.add(item.id);
                      else next.delete(item.id);
                      return next;
                    })
                  }
                  onReview={(change) => onReview(item.id, change)}
                  onResend={() => onResend(item.id)}
                  resending={resend.isPending && resend.variables === item.id}
                  onDelete={() => setDeleting(item)}
                  extraActions={
                    item.registrationCode ? <RegistrationSheetButton registrationId={item.id} fullName={item.fullName} /> : null
                  }
                  campaigns={
                    <CampaignBadge
                      registrationId={item.id}
                      campaignCount={item.campaignCount}
                      onSelect={(campaignId, registrationId) => {
                        jumpTo(campaignId, registrationId);
                        setTab("history");
                      }}
                    />
                  }
                />
              ))}
            </ul>
          )}
          {eventId && list.data && list.data.total > 0 ? (
            <PaginationBar
              page={page}
              pageSize={pageSize}
              total={list.data.total}
              onPageChange={changePage}
              onPageSizeChange={changePageSize}
            />
          ) : null}
        </TabsContent>
        <TabsContent value="history">
          {eventId ? (
            <CampaignHistory eventId={eventId} jump={jump} />
          ) : (
            <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">{t.empty.noEvent}</p>
          )}
        </TabsContent>
      </Tabs>

      {isAdmin ? (
        <SelectionBar
          count={selected.size}
          exportUrl={exportSelectedCsvUrl(selected)}
          onClear={() => setSelected(new Set())}
          actions={
            <Button size="sm" onClick={() => setComposing(true)}>
              <Mail aria-hidden="true" />
              <span className="max-sm:sr-only">{campaignTexts.sendButton}</span>
            </Button>
          }
        />
      ) : null}
      {isAdmin && eventId ? (
        <SendCampaignDialog
          open={composing}
          onOpenChange={setComposing}
          eventId={eventId}
          registrationIds={[...selected]}
          onSent={onCampaignSent}
        />
      ) : null}

      <DeleteRegistrationDialog
        name={deleting?.fullName ?? null}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

export const Component = RegistrationsPage;
